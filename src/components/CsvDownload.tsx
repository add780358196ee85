/**
 * "Download CSV" for one table of a report: a plain link to the report's CSV section (SPEC §7.1)
 * with the page's filters, so the browser downloads it with the logged-in user's cookie and nonce.
 */
import { __ } from '@wordpress/i18n';

import { reportCsvRequest } from '../api/client';
import { buildPath } from '../api/transport';
import type { ReportName, ReportQuery, ReportSections } from '../api/types';
import { restLink } from '../admin/applications/links';
import { getConfig } from '../config';

export function reportCsvUrl< N extends ReportName >(
	name: N,
	section: ReportSections[ N ],
	query: ReportQuery
): string {
	const request = reportCsvRequest( name, section, query );
	const search = buildPath( request.path, request.query ).split( '?' )[ 1 ];
	const params = new URLSearchParams( search );
	params.set( '_wpnonce', getConfig().restNonce );
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
	return (
		<p className="rr-csv">
			<a
				className="button button-secondary"
				href={ reportCsvUrl( name, section, query ) }
				download
				data-csv={ `${ name }:${ section }` }
			>
				{ __( 'Download CSV', 'recruiting-reports' ) }
			</a>
		</p>
	);
}
