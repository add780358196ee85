/**
 * A searchable job picker: the first 100 jobs load at once, typing searches the server.
 * "All jobs" (0) is always offered. A job id that no longer exists is shown as such.
 */
import { ComboboxControl } from '@wordpress/components';
import { useEffect, useMemo, useRef, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

import type { Client } from '../api/client';
import { toApiError, type ApiError } from '../api/errors';
import type { Job } from '../api/types';

interface Props {
	client: Client;
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

export function JobPicker( { client, value, onChange, label, help }: Props ) {
	const [ jobs, setJobs ] = useState< Job[] >( [] );
	const [ search, setSearch ] = useState( '' );
	const [ error, setError ] = useState< ApiError | null >( null );
	const known = useRef( new Map< number, Job >() );

	useEffect( () => {
		const controller = new AbortController();
		const timer = setTimeout(
			() => {
				client.jobs
					.list(
						{ per_page: 100, search: search || undefined },
						{ signal: controller.signal }
					)
					.then( ( page ) => {
						page.items.forEach( ( job ) =>
							known.current.set( job.id, job )
						);
						setJobs( page.items );
						setError( null );
					} )
					.catch( ( thrown: unknown ) => {
						if ( ( thrown as Error )?.name !== 'AbortError' ) {
							setError( toApiError( thrown ) );
						}
					} );
			},
			search ? 300 : 0
		);
		return () => {
			clearTimeout( timer );
			controller.abort();
		};
	}, [ client, search ] );

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
								error.message
							)
						: help
				}
				value={ String( value || 0 ) }
				options={ options }
				onChange={ ( next?: string | null ) =>
					onChange( Number( next ) || 0 )
				}
				onFilterValueChange={ ( text: string ) => setSearch( text ) }
			/>
		</div>
	);
}
