/**
 * Shown when the site has no application at all (the Reports page, the dashboard widget and the
 * Applications page): how applications get in, with links, instead of zeros and "—" everywhere.
 */
import { createInterpolateElement } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

import { restLink } from '../admin/applications/links';
import { getConfig } from '../config';
import { EmptyState } from './states';

export function EmptySite() {
	const config = getConfig();
	return (
		<div className="rr-empty-site" data-state="empty-site">
			<EmptyState
				title={ __( 'No applications yet', 'recruiting-reports' ) }
			>
				<p>
					{ __(
						'Reports fill in as applications arrive. They arrive in three ways:',
						'recruiting-reports'
					) }
				</p>
				<ul className="rr-empty-site__ways">
					<li>
						{ createInterpolateElement(
							__(
								'<strong>From your careers site or a job board</strong>: it sends each candidate to <code>POST /wp-json/recruiting/v1/applications</code> for a <a>published job</a>.',
								'recruiting-reports'
							),
							{
								strong: <strong />,
								code: <code />,
								// eslint-disable-next-line jsx-a11y/anchor-has-content -- the text comes from the translation.
								a: <a href={ config.jobsUrl } />,
							}
						) }
					</li>
					<li>
						{ createInterpolateElement(
							__(
								'<strong>By import</strong> from another system, with the whole history: <code>POST /wp-json/recruiting/v1/import</code> (needs the Settings permission).',
								'recruiting-reports'
							),
							{ strong: <strong />, code: <code /> }
						) }
					</li>
					<li>
						{ config.can.manageSettings
							? createInterpolateElement(
									__(
										'<strong>With an API key</strong> for the service that sends them: create one with the Write Applications permission under <a>Settings › API keys</a>.',
										'recruiting-reports'
									),
									{
										strong: <strong />,
										a: (
											// eslint-disable-next-line jsx-a11y/anchor-has-content -- the text comes from the translation.
											<a
												href={ `${ config.settingsUrl }#rr-api-keys-title` }
											/>
										),
									}
								)
							: createInterpolateElement(
									__(
										'<strong>With an API key</strong> for the service that sends them: an administrator creates one with the Write Applications permission under Recruiting › Settings › API keys.',
										'recruiting-reports'
									),
									{ strong: <strong /> }
								) }
					</li>
				</ul>
				<p>
					<a href={ restLink( 'openapi.json' ) }>
						{ __(
							'The API’s description (OpenAPI): every route, its parameters and answers',
							'recruiting-reports'
						) }
					</a>
				</p>
			</EmptyState>
		</div>
	);
}
