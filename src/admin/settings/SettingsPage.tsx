/**
 * Recruiting › Settings: API keys, webhooks, general settings, e-mails and privacy (retention rules) as tabs (the tab is kept in
 * the URL hash, so #webhooks opens that tab).
 */
import { TabPanel } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { ApiKeys } from './ApiKeys';
import { GeneralSettings } from './GeneralSettings';
import { MailSettings } from './MailSettings';
import { PipelineSettings } from './PipelineSettings';
import { PrivacySettings } from './PrivacySettings';
import { Webhooks } from './Webhooks';

const TABS = [
	'api',
	'webhooks',
	'general',
	'pipeline',
	'mail',
	'privacy',
] as const;

export function SettingsPage() {
	const hash = window.location.hash.replace( '#', '' );
	const initial = ( TABS as readonly string[] ).includes( hash )
		? hash
		: 'api';
	return (
		<div className="rr-settings">
			<TabPanel
				className="rr-tabs"
				initialTabName={ initial }
				onSelect={ ( name: string ) =>
					window.history.replaceState( null, '', `#${ name }` )
				}
				tabs={ [
					{
						name: 'api',
						title: __( 'API keys', 'recruiting-reports' ),
					},
					{
						name: 'webhooks',
						title: __( 'Webhooks', 'recruiting-reports' ),
					},
					{
						name: 'general',
						title: __( 'General', 'recruiting-reports' ),
					},
					{
						name: 'pipeline',
						title: __( 'Pipeline', 'recruiting-reports' ),
					},
					{
						name: 'mail',
						title: __( 'E-mails', 'recruiting-reports' ),
					},
					{
						name: 'privacy',
						title: __( 'Privacy', 'recruiting-reports' ),
					},
				] }
			>
				{ ( tab: { name: string } ) => {
					if ( tab.name === 'webhooks' ) {
						return <Webhooks />;
					}
					if ( tab.name === 'general' ) {
						return <GeneralSettings />;
					}
					if ( tab.name === 'pipeline' ) {
						return <PipelineSettings />;
					}
					if ( tab.name === 'mail' ) {
						return <MailSettings />;
					}
					if ( tab.name === 'privacy' ) {
						return <PrivacySettings />;
					}
					return <ApiKeys />;
				} }
			</TabPanel>
		</div>
	);
}
