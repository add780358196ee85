/**
 * "Download CSV" for one table of a report: a link to the report's CSV section (docs/reports.md#comparison) with the page's
 * filters and no credentials; a click downloads it with the REST nonce in a header (csvDownload.ts).
 */
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

import { reportCsvRequest } from '../api/client';
import { buildPath } from '../api/transport';
import type { ReportName, ReportQuery, ReportSections } from '../api/types';
import { restLink } from '../admin/applications/links';
import { onCsvClick } from './csvDownload';

export function reportCsvUrl< N extends ReportName >(
	name: N,
	section: ReportSections[ N ],
	query: ReportQuery
): string {
	const request = reportCsvRequest( name, section, query );
	const search = buildPath( request.path, request.query ).split( '?' )[ 1 ];
	const params = new URLSearchParams( search );
	return restLink( request.path.replace( /^\//, '' ), params );
}

export function CsvDownload< N extends ReportName >( {
	name,
	section,
	query,
}: {
	name: N;
	section: ReportSections[ N ];
	query: ReportQuery;
} ) {
	const [ error, setError ] = useState( '' );
	return (
		<p className="rr-csv">
			<a
				className="button button-secondary"
				href={ reportCsvUrl( name, section, query ) }
				onClick={ onCsvClick( `${ name }-${ section }.csv`, setError ) }
				data-csv={ `${ name }:${ section }` }
			>
				{ __( 'Download CSV', 'recruiting-reports' ) }
			</a>
			{ error && (
				<span className="rr-csv__error" role="alert">
					{ error }
				</span>
			) }
		</p>
	);
}
