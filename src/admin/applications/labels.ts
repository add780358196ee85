/**
 * Labels shared by the Applications screens.
 */
import { __ } from '@wordpress/i18n';

import {
	APPLICATION_STATUSES,
	PIPELINE_STAGES,
	type ApplicationStatus,
	type PipelineStage,
} from '../../api/types';

export function statusLabel( status: ApplicationStatus ): string {
	switch ( status ) {
		case 'new':
			return __( 'New', 'recruiting-reports' );
		case 'screening':
			return __( 'Screening', 'recruiting-reports' );
		case 'interview':
			return __( 'Interview', 'recruiting-reports' );
		case 'offer':
			return __( 'Offer', 'recruiting-reports' );
		case 'hired':
			return __( 'Hired', 'recruiting-reports' );
		case 'rejected':
			return __( 'Rejected', 'recruiting-reports' );
		default:
			return __( 'Withdrawn', 'recruiting-reports' );
	}
}

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
