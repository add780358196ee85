/**
 * Labels shared by the Applications screens.
 */
import { __ } from '@wordpress/i18n';

import {
	APPLICATION_STATUSES,
	PIPELINE_STAGES,
	type PipelineStage,
} from '../../api/types';
import { statusLabel } from '../../reports/specs';

export const STATUS_OPTIONS = APPLICATION_STATUSES.map( ( status ) => ( {
	value: status,
	label: statusLabel( status ),
} ) );

export function stageLabel( stage: PipelineStage ): string {
	return statusLabel( stage );
}

export const STAGE_OPTIONS = PIPELINE_STAGES.map( ( stage ) => ( {
	value: stage,
	label: stageLabel( stage ),
} ) );

export function ratingText( average: number | null, count: number ): string {
	if ( average === null || count === 0 ) {
		return __( 'Not rated', 'recruiting-reports' );
	}
	return `${ average.toFixed( 1 ) } ★ (${ count })`;
}
