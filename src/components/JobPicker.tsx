/**
 * A searchable job picker: the first 100 jobs load at once, typing searches the server.
 * "All jobs" (0) is always offered. A job id that no longer exists is shown as such.
 */
import { ComboboxControl } from '@wordpress/components';
import { useMemo, useRef, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

import type { Job, Page } from '../api/types';
import { useDebouncedValue, useResource } from '../store';
import { errorText } from './errorText';

/** Typing waits this long before the server is searched. */
const SEARCH_DEBOUNCE_MS = 300;

interface Props {
	value: number;
	onChange: ( jobId: number ) => void;
	label?: string;
	help?: string;
}

function jobLabel( job: Job ): string {
	switch ( job.status ) {
		case 'draft':
			return sprintf(
				/* translators: %s: job title. */
				__( '%s (draft)', 'recruiting-reports' ),
				job.title
			);
		case 'closed':
			return sprintf(
				/* translators: %s: job title. */
				__( '%s (closed)', 'recruiting-reports' ),
				job.title
			);
		default:
			return job.title;
	}
}

export function JobPicker( { value, onChange, label, help }: Props ) {
	const [ typed, setTyped ] = useState( '' );
	const search = useDebouncedValue( typed, SEARCH_DEBOUNCE_MS );
	const { data, error } = useResource< Page< Job > >( 'getJobs', [
		{ per_page: 100, search },
	] );
	const jobs = useMemo( () => data?.items ?? [], [ data ] );
	// Titles of jobs seen in earlier searches, so the chosen job keeps its name.
	const known = useRef( new Map< number, Job >() );
	jobs.forEach( ( job ) => known.current.set( job.id, job ) );

	const options = useMemo( () => {
		const list: Array< { value: string; label: string } > = [
			{ value: '0', label: __( 'All jobs', 'recruiting-reports' ) },
		];
		const seen = new Set< number >();
		for ( const job of jobs ) {
			seen.add( job.id );
			list.push( {
				value: String( job.id ),
				label: jobLabel( job ),
			} );
		}
		if ( value && ! seen.has( value ) ) {
			const job = known.current.get( value );
			list.push( {
				value: String( value ),
				label: job
					? jobLabel( job )
					: sprintf(
							/* translators: %d: job id. */
							__( 'Job #%d', 'recruiting-reports' ),
							value
						),
			} );
		}
		return list;
	}, [ jobs, value ] );

	return (
		<div className="rr-job-picker">
			<ComboboxControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				label={ label ?? __( 'Job', 'recruiting-reports' ) }
				help={
					error
						? sprintf(
								/* translators: %s: error message from the server. */
								__(
									'Jobs could not be loaded: %s',
									'recruiting-reports'
								),
								errorText( error )
							)
						: help
				}
				value={ String( value || 0 ) }
				options={ options }
				onChange={ ( next?: string | null ) =>
					onChange( Number( next ) || 0 )
				}
				onFilterValueChange={ ( text: string ) => setTyped( text ) }
			/>
		</div>
	);
}
