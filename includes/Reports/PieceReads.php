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
 * kept during the computation (collecting()), the merge gets them without running the queries again. Outside a
 * network computation nothing is kept, so a long process never reads figures older than its own writes.
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
		if ( null === self::$kept ) {
			return $read();
		}
		$key = get_current_blog_id() . '|' . $what . '|' . $query->cache_key();
		if ( ! array_key_exists( $key, self::$kept ) ) {
			self::$kept[ $key ] = $read();
		}
		return self::$kept[ $key ];
	}
}
