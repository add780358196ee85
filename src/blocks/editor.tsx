/**
 * Entry of the block editor script (build/block-editor.js, block.json "editorScript"): registers
 * the report block from the root block.json, with its variations "Recruiting overview" and
 * "Time to hire". The block is dynamic: save() stores only the attributes.
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
