import {
	applicationsUrl,
	filtersFromUrl,
	filtersToParams,
	filtersToQuery,
	monthRange,
	nextDay,
} from './filters';
import { formatSiteDateTime, siteMidnight } from './timezone';

describe( 'Applications filters in the URL', () => {
	it( 'round-trips every filter and drops defaults', () => {
		const search =
			'?page=recruiting-reports-applications&job_id=7&status=hired,offer&source=linkedin&applied_from=2025-01-01&applied_to=2025-01-31&hired_from=2025-02-01&hired_to=2025-02-28&reached=offer&entered=interview,offer&updated_before=2024-05-20T10:00:00Z&anonymised=false&s=ada&orderby=updated_at&order=asc&paged=3';
		const filters = filtersFromUrl( search );
		expect( filters ).toEqual( {
			job_id: 7,
			status: [ 'hired', 'offer' ],
			source: 'linkedin',
			applied_from: '2025-01-01',
			applied_to: '2025-01-31',
			hired_from: '2025-02-01',
			hired_to: '2025-02-28',
			reached: 'offer',
			entered: [ 'interview', 'offer' ],
			updated_before: '2024-05-20T10:00:00Z',
			anonymised: false,
			search: 'ada',
			orderby: 'updated_at',
			order: 'asc',
			page: 3,
		} );
		expect(
			filtersFromUrl(
				'?' + new URLSearchParams( filtersToParams( filters ) )
			)
		).toEqual( filters );
		expect( filtersToParams( filtersFromUrl( '' ) ) ).toEqual( {} );
	} );

	it( 'ignores malformed values', () => {
		const filters = filtersFromUrl(
			'?job_id=-3&status=hired,bogus&applied_from=2025-02-30&reached=rejected&entered=nope&paged=0&orderby=name&updated_before=yesterday&anonymised=maybe'
		);
		expect( filters.updated_before ).toBeUndefined();
		expect( filters.anonymised ).toBeUndefined();
		expect( filters.job_id ).toBeUndefined();
		expect( filters.status ).toEqual( [ 'hired' ] );
		expect( filters.applied_from ).toBeUndefined();
		expect( filters.reached ).toBeUndefined();
		expect( filters.entered ).toBeUndefined();
		expect( filters.page ).toBe( 1 );
		expect( filters.orderby ).toBe( 'applied_at' );
	} );

	it( 'builds page links', () => {
		expect(
			applicationsUrl( 'admin.php?page=x', {
				status: [ 'new' ],
				job_id: 2,
			} )
		).toBe( 'admin.php?page=x&job_id=2&status=new' );
		expect( applicationsUrl( 'admin.php?page=x', {} ) ).toBe(
			'admin.php?page=x'
		);
	} );
} );

describe( 'site dates as instants', () => {
	it( 'uses each date’s own offset across daylight saving', () => {
		expect( siteMidnight( '2025-03-09', 'America/New_York' ) ).toBe(
			'2025-03-09T05:00:00Z'
		);
		expect( siteMidnight( '2025-03-10', 'America/New_York' ) ).toBe(
			'2025-03-10T04:00:00Z'
		);
		expect( siteMidnight( '2025-06-01', 'Asia/Kathmandu' ) ).toBe(
			'2025-05-31T18:15:00Z'
		);
		expect( siteMidnight( '2025-06-01', '-03:30' ) ).toBe(
			'2025-06-01T03:30:00Z'
		);
		expect( siteMidnight( '2025-06-01', 'UTC' ) ).toBe(
			'2025-06-01T00:00:00Z'
		);
	} );

	it( 'turns an inclusive period into a half-open query', () => {
		const query = filtersToQuery(
			{
				...filtersFromUrl( '' ),
				applied_from: '2025-01-01',
				applied_to: '2025-01-31',
				hired_to: '2025-02-28',
			},
			20,
			'Europe/London'
		);
		expect( query.applied_after ).toBe( '2025-01-01T00:00:00Z' );
		expect( query.applied_before ).toBe( '2025-02-01T00:00:00Z' );
		expect( query.hired_before ).toBe( '2025-03-01T00:00:00Z' );
		expect( query.per_page ).toBe( 20 );
		expect( query.status ).toBeUndefined();
	} );

	it( 'knows month ends and next days', () => {
		expect( monthRange( '2024-02' ) ).toEqual( {
			from: '2024-02-01',
			to: '2024-02-29',
		} );
		expect( nextDay( '2025-12-31' ) ).toBe( '2026-01-01' );
	} );

	it( 'shows instants in the site’s timezone', () => {
		expect(
			formatSiteDateTime( '2025-07-01T12:00:00Z', '+02:00', 'en-GB' )
		).toMatch( /14:00/ );
		expect(
			formatSiteDateTime(
				'2025-07-01T12:00:00Z',
				'Asia/Kolkata',
				'en-GB'
			)
		).toMatch( /17:30/ );
	} );
} );
