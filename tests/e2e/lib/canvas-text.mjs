// What chart.js writes on a canvas: the charts are pixels, so the end-to-end tests record every
// fillText call (text, the chart it belongs to, and where its left and right edges land on the
// canvas) to check axis labels and legends the way a user sees them.

/** Installs the recorder on every page of `page`'s future navigations. */
export async function recordCanvasText( page ) {
	await page.addInitScript( () => {
		const original = CanvasRenderingContext2D.prototype.fillText;
		window.__rrCanvasText = [];
		CanvasRenderingContext2D.prototype.fillText = function ( text, x, y, ...rest ) {
			const width = this.measureText( String( text ) ).width;
			const align = this.textAlign;
			let start = x;
			if ( align === 'right' || align === 'end' ) start = x - width;
			else if ( align === 'center' ) start = x - width / 2;
			// chart.js translates (and scales for the device pixel ratio) before it writes a label.
			const matrix = this.getTransform();
			const ratio = window.devicePixelRatio || 1;
			window.__rrCanvasText.push( {
				text: String( text ),
				chart: this.canvas.closest( '[data-chart]' )?.getAttribute( 'data-chart' ) ?? '',
				left: ( matrix.a * start + matrix.c * y + matrix.e ) / ratio,
				right: ( matrix.a * ( start + width ) + matrix.c * y + matrix.e ) / ratio,
				canvasWidth: this.canvas.width / ratio,
			} );
			return original.call( this, text, x, y, ...rest );
		};
	} );
}

/** Forgets what was recorded so far (before the step whose drawing a test checks). */
export async function clearCanvasText( page ) {
	await page.evaluate( () => {
		window.__rrCanvasText = [];
	} );
}

/** The texts written on the chart `id` (data-chart) since the last clear, each once. */
export async function canvasText( page, id ) {
	const all = await page.evaluate( () => window.__rrCanvasText ?? [] );
	const seen = new Map();
	for ( const entry of all.filter( ( e ) => e.chart === id ) ) seen.set( entry.text, entry );
	return [ ...seen.values() ];
}
