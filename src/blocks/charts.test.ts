import { drawChart } from '../components/charts/draw';
import type { ChartSpec } from '../components/charts/spec';
import { initReportCharts } from './charts';

jest.mock( '../components/charts/draw', () => ( {
	drawChart: jest.fn( () => ( { update: jest.fn(), destroy: jest.fn() } ) ),
} ) );
const mockedDraw = drawChart as jest.Mock;

const spec: ChartSpec = {
	id: 'by_stage',
	kind: 'bar',
	horizontal: true,
	title: 'Average days between stages',
	categoryLabel: 'Stage',
	labels: [ 'New → screening' ],
	series: [
		{
			label: 'Average days',
			values: [ 3.2 ],
			unit: 'days',
			color: '#7b3fa8',
		},
	],
};

/**
 * The markup includes/Blocks/ReportMarkup.php renders for one chart.
 * @param json
 */
function serverMarkup( json: string ) {
	return `<div class="rr-report"><figure class="rr-chart" data-rr-chart="by_stage">
		<figcaption class="rr-chart__title">Average days between stages</figcaption>
		<div class="rr-chart__canvas" data-label="Average days between stages. The numbers are in the data table." hidden></div>
		<details class="rr-chart__data" open><summary>Data table</summary>
			<table class="rr-table" data-chart-table="by_stage"><tbody><tr><th>New → screening</th><td data-value="3.2">3.2</td></tr></tbody></table>
		</details>
		<script type="application/json" class="rr-chart__spec">${ json }</script>
	</figure></div>`;
}

describe( 'block view script', () => {
	beforeEach( () => {
		mockedDraw.mockClear();
		document.body.innerHTML = '';
	} );

	it( 'draws each embedded chart once and folds its table', () => {
		document.body.innerHTML = serverMarkup( JSON.stringify( spec ) );
		expect( initReportCharts() ).toBe( 1 );
		const canvas = document.querySelector( 'canvas' )!;
		expect( mockedDraw ).toHaveBeenCalledWith(
			canvas,
			spec,
			expect.objectContaining( { text: expect.any( String ) } )
		);
		expect( canvas.getAttribute( 'role' ) ).toBe( 'img' );
		expect( canvas.getAttribute( 'aria-label' ) ).toBe(
			'Average days between stages. The numbers are in the data table.'
		);
		expect(
			document.querySelector( '.rr-chart__canvas' )
		).not.toHaveAttribute( 'hidden' );
		expect( document.querySelector( 'details' ) ).not.toHaveAttribute(
			'open'
		);
		// The table stays in the document for screen readers and copy-paste.
		expect( document.querySelector( 'td' ) ).toHaveTextContent( '3.2' );
		expect( initReportCharts() ).toBe( 0 );
		expect( mockedDraw ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'leaves the table open when the spec is broken', () => {
		document.body.innerHTML = serverMarkup( '{not json' );
		expect( initReportCharts() ).toBe( 0 );
		expect( mockedDraw ).not.toHaveBeenCalled();
		expect( document.querySelector( 'details' ) ).toHaveAttribute( 'open' );
		expect( document.querySelector( '.rr-chart__canvas' ) ).toHaveAttribute(
			'hidden'
		);
	} );

	it( 'keeps the table when chart.js fails', () => {
		mockedDraw.mockImplementationOnce( () => {
			throw new Error( 'no canvas context' );
		} );
		document.body.innerHTML = serverMarkup( JSON.stringify( spec ) );
		expect( initReportCharts() ).toBe( 0 );
		expect( document.querySelector( 'canvas' ) ).toBeNull();
		expect( document.querySelector( 'details' ) ).toHaveAttribute( 'open' );
	} );

	it( 'ignores figures without a spec (empty charts)', () => {
		document.body.innerHTML =
			'<figure class="rr-chart"><p class="rr-chart__empty">No hires in this period.</p></figure>';
		expect( initReportCharts() ).toBe( 0 );
	} );
} );
