<?php
/**
 * What sites' reports read from their summaries while a network report is computed, kept for that computation's
 * merge (docs/multisite.md: where a miss's time goes).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Reports;

defined( 'ABSPATH' ) || exit;

/**
 * A network report computes a site's answer switched to it (Network\NetworkReport::part()), then its merge asks that
 * site for pieces (SiteFigures::in()): the period's totals, the sources', time to hire's months and hire days, time to
 * fill's parts. For a site whose answer was just computed those are the very reads its report made a moment before:
 * kept during the computation (collecting()), the merge gets them without running the queries again. A report compared
 * with another period is one such computation too (ReportService::compute()): what does not depend on the period is
 * read once for both (read_of_job()). Outside those computations nothing is kept, so a long process never reads
 * figures older than its own writes.
 */
final class PieceReads {

	/**
	 * Reads of the computation running, by site, read and query; null when none runs.
	 *
	 * @var array<string,mixed>|null
	 */
	private static ?array $kept = null;

	/**
	 * Runs a computation keeping the reads made during it (forgotten when it ends).
	 *
	 * @param callable $compute fn(): mixed.
	 * @return mixed What it returns.
	 */
	public static function collecting( callable $compute ) {
		$outer      = self::$kept;
		self::$kept = $outer ?? array();
		try {
			return $compute();
		} finally {
			self::$kept = $outer;
		}
	}

	/**
	 * A read of the current site for a query: kept or made (and kept, while collecting).
	 *
	 * @param string      $what  What is read (the reading method's name).
	 * @param ReportQuery $query The period and job.
	 * @param callable    $read  fn(): mixed, the read itself.
	 * @return mixed
	 */
	public static function read( string $what, ReportQuery $query, callable $read ) {
		return self::keep( $what . '|' . $query->cache_key(), $read );
	}

	/**
	 * A read of the current site that depends on the job only, not on the period (time to fill's jobs and first hires,
	 * the overview's current statuses): kept like read(), so a report compared with another period
	 * (ReportService::compute()) reads it once.
	 *
	 * @param string   $what   What is read (the reading method's name).
	 * @param int|null $job_id The job, or null for all.
	 * @param callable $read   fn(): mixed, the read itself.
	 * @return mixed
	 */
	public static function read_of_job( string $what, ?int $job_id, callable $read ) {
		return self::keep( $what . '|' . ( $job_id ?? 'all' ), $read );
	}

	/**
	 * A read kept under a key (with the site's id) while collecting, else made.
	 *
	 * @param string   $key  What is read, for what.
	 * @param callable $read fn(): mixed, the read itself.
	 * @return mixed
	 */
	private static function keep( string $key, callable $read ) {
		if ( null === self::$kept ) {
			return $read();
		}
		$key = get_current_blog_id() . '|' . $key;
		if ( ! array_key_exists( $key, self::$kept ) ) {
			self::$kept[ $key ] = $read();
		}
		return self::$kept[ $key ];
	}
}
