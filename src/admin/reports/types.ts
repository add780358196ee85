import type { Compared, ReportQuery } from '../../api/types';

/** What each Reports page section's body draws from. */
export interface BodyProps< T > {
	report: Compared< T >;
	/** The query the report answers (its filters go into the CSV links). */
	query: ReportQuery;
}
