import { render } from '@testing-library/react';

import { Change, changeOf } from './Change';

beforeEach( () => {
	window.recruitingReports = { locale: 'en-US' };
} );

function shown( current: number, previous: number | null, year = false ) {
	const { container } = render(
		<dl>
			<Change
				current={ current }
				change={ {
					previous,
					against: year ? 'previous_year' : 'previous_period',
				} }
			/>
		</dl>
	);
	const dd = container.querySelector( 'dd' ) as HTMLElement;
	return {
		direction: dd.getAttribute( 'data-change' ),
		visible: dd.querySelector( '[aria-hidden="true"]' )?.textContent,
		spoken: dd.querySelector( '.screen-reader-text' )?.textContent,
	};
}

describe( 'changeOf', () => {
	it( 'gives the direction and the change relative to the earlier value', () => {
		expect( changeOf( 412, 368 ) ).toEqual( {
			direction: 'up',
			rate: 44 / 368,
		} );
		expect( changeOf( 9, 12 ) ).toEqual( {
			direction: 'down',
			rate: 0.25,
		} );
		expect( changeOf( 7, 7 ) ).toEqual( { direction: 'same', rate: 0 } );
		expect( changeOf( 3, 0 ) ).toEqual( { direction: 'none', rate: 0 } );
		expect( changeOf( 3, null ) ).toEqual( { direction: 'none', rate: 0 } );
	} );
} );

describe( 'Change', () => {
	it( 'shows a rise with ▲ and says it in words', () => {
		expect( shown( 412, 368 ) ).toEqual( {
			direction: 'up',
			visible: '▲ 12%',
			spoken: 'up 12% from the previous period',
		} );
	} );

	it( 'shows a fall with ▼ against the previous year', () => {
		expect( shown( 9, 12, true ) ).toEqual( {
			direction: 'down',
			visible: '▼ 25%',
			spoken: 'down 25% from the previous year',
		} );
	} );

	it( 'shows no change as 0%', () => {
		expect( shown( 7, 7 ) ).toEqual( {
			direction: 'same',
			visible: '0%',
			spoken: 'no change from the previous period',
		} );
	} );

	it( 'shows "—" when the earlier value is 0 or unknown', () => {
		const expected = {
			direction: 'none',
			visible: '—',
			spoken: 'nothing to compare with in the previous period',
		};
		expect( shown( 3, 0 ) ).toEqual( expected );
		expect( shown( 3, null ) ).toEqual( expected );
	} );
} );
