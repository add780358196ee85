// Builders for import payloads used across suites.

export const iso = ( date ) => new Date( date ).toISOString();

export function job( externalId, fields = {} ) {
	return { external_id: externalId, title: `Job ${ externalId }`, status: 'publish', created_at: '2025-01-03T09:00:00Z', ...fields };
}

export function application( externalId, jobRef, fields = {} ) {
	return {
		external_id: externalId,
		job: jobRef,
		candidate: { name: `Candidate ${ externalId }`, email: `${ externalId }@example.com` },
		applied_at: '2025-01-05T10:00:00Z',
		history: [],
		...fields,
	};
}

/** `count` valid applications for `jobRef`, each with a four-step history ending in a hire or rejection. */
export function manyApplications( count, jobRef, prefix = 'bulk' ) {
	const base = Date.parse( '2025-02-01T00:00:00Z' );
	const day = 86400000;
	return Array.from( { length: count }, ( _, i ) => {
		const applied = base + ( i % 300 ) * 3600000;
		return application( `${ prefix }-${ i }`, jobRef, {
			applied_at: iso( applied ),
			history: [
				{ status: 'screening', at: iso( applied + day ) },
				{ status: 'interview', at: iso( applied + 3 * day ) },
				{ status: 'offer', at: iso( applied + 7 * day ) },
				{ status: i % 2 ? 'hired' : 'rejected', at: iso( applied + 9 * day ) },
			],
		} );
	} );
}
