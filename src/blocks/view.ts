/**
 * The block's view script (build/block-view.js, block.json "viewScript"): draws the charts of every
 * report block on the page once the document is parsed. Without JavaScript, the tables show.
 */
import { initReportCharts } from './charts';
import './front.scss';

if ( document.readyState === 'loading' ) {
	document.addEventListener( 'DOMContentLoaded', () => initReportCharts() );
} else {
	initReportCharts();
}
