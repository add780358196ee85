/**
 * Entry of the block editor script (build/block-editor.js, block.json "editorScript"): registers
 * the report block from the root block.json, with its variations (one per report). The block is
 * dynamic: save() stores only the attributes; PHP renders it (includes/Blocks/render.php).
 */
import { registerBlockType, type BlockConfiguration } from '@wordpress/blocks';

import metadata from '../../block.json';
import '../components/ui.scss';
import type { ReportBlockAttributes } from './attributes';
import { ReportBlockEdit } from './Edit';
import './editor.scss';

registerBlockType< ReportBlockAttributes >(
	metadata as unknown as BlockConfiguration< ReportBlockAttributes >,
	{
		edit: ( { attributes, setAttributes } ) => (
			<ReportBlockEdit
				attributes={ attributes }
				setAttributes={ setAttributes }
			/>
		),
		save: () => null,
	}
);
