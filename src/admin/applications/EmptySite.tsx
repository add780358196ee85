/**
 * Shown when the site has no application at all: how applications arrive, with links.
 */
import { createInterpolateElement } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

import { getConfig } from '../../config';
import { EmptyState } from '../../components/states';
import { restLink } from './links';

export function EmptySite() {
	const config = getConfig();
	return (
		<EmptyState title={ __( 'No applications yet', 'recruiting-reports' ) }>
			<p>
				{ __(
					'Applications arrive in three ways:',
					'recruiting-reports'
				) }
			</p>
			<ul className="rr-apps__ways">
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
					{ createInterpolateElement(
						__(
							'<strong>With an API key</strong> for the service that sends them: create one with the Write Applications permission under <a>Settings › API keys</a>.',
							'recruiting-reports'
						),
						{
							strong: <strong />,
							a: (
								// eslint-disable-next-line jsx-a11y/anchor-has-content -- the text comes from the translation.
								<a
									href={ `${ config.settingsUrl }#api-keys` }
								/>
							),
						}
					) }
				</li>
			</ul>
			<p>
				<a href={ restLink( '' ) }>
					{ __(
						'The API’s routes and schemas',
						'recruiting-reports'
					) }
				</a>
			</p>
		</EmptyState>
	);
}
