/**
 * The report block's "Who may see the data" settings: public or only for Read Applications, and what the others
 * see; the server decides (includes/Blocks/Visibility.php), this panel says what it will do.
 */
import { Notice, PanelBody, RadioControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { getConfig } from '../config';
import type { EditProps } from './Edit';

/**
 * What "Everyone" means for the user setting it: visitors see the figures, or (without Read Applications) see
 * them only until the user saves the post.
 */
function PublicNotice() {
	return (
		<Notice status="warning" isDismissible={ false }>
			{ getConfig().can.readApplications
				? __(
						'Anyone who can open this page sees these figures.',
						'recruiting-reports'
					)
				: __(
						'Visitors see these figures only while the post’s author and its last editor have Read Applications. You do not: once you save this post, they are hidden from visitors until someone with that permission saves it again.',
						'recruiting-reports'
					) }
		</Notice>
	);
}

export function VisibilityPanel( { attributes, setAttributes }: EditProps ) {
	const config = getConfig();
	return (
		<PanelBody title={ __( 'Who may see the data', 'recruiting-reports' ) }>
			{ config.can.readApplications ? (
				<RadioControl
					label={ __( 'Show the figures to', 'recruiting-reports' ) }
					selected={ attributes.visibility }
					options={ [
						{
							value: 'restricted',
							label: __(
								'Only users with Read Applications',
								'recruiting-reports'
							),
						},
						{
							value: 'public',
							label: __(
								'Everyone, including visitors',
								'recruiting-reports'
							),
						},
					] }
					onChange={ ( value?: string ) =>
						setAttributes( {
							visibility:
								value === 'public' ? 'public' : 'restricted',
						} )
					}
				/>
			) : (
				<p className="rr-visibility-help">
					{ __(
						'Only users with the Read Applications permission can show these figures to everyone; visitors see them only while this post’s author and its last editor have that permission.',
						'recruiting-reports'
					) }
				</p>
			) }
			{ attributes.visibility === 'restricted' && (
				<RadioControl
					label={ __( 'Others see', 'recruiting-reports' ) }
					help={ __(
						'They never receive the figures: they are left out of the page, not hidden.',
						'recruiting-reports'
					) }
					selected={ attributes.deniedDisplay }
					options={ [
						{
							value: 'message',
							label: __(
								'A short message',
								'recruiting-reports'
							),
						},
						{
							value: 'nothing',
							label: __( 'Nothing', 'recruiting-reports' ),
						},
					] }
					onChange={ ( value?: string ) =>
						setAttributes( {
							deniedDisplay:
								value === 'nothing' ? 'nothing' : 'message',
						} )
					}
				/>
			) }
			{ attributes.visibility === 'public' && <PublicNotice /> }
		</PanelBody>
	);
}
