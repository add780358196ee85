<?php
/**
 * The one entry point to the reports, shared by the REST controller, the dashboard widget, the blocks and
 * WP-CLI: resolves and validates the raw arguments, answers from the cache or computes and caches.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Reports;

use RecruitingReports\Data\JobRepository;
use RecruitingReports\Data\ReportSummary;
use WP_Error;

defined( 'ABSPATH' ) || exit;

/**
 * The reports' entry point.
 */
final class ReportService {

	/** The built-in reports' names (their definitions: each report class's definition(); ReportRegistry lists all). */
	public const OVERVIEW     = 'overview';
	public const TIME_TO_HIRE = 'time-to-hire';
	public const FUNNEL       = 'funnel';
	public const SOURCES      = 'sources';
	public const TIME_TO_FILL = 'time-to-fill';

	/** Values of the `compare` argument (docs/reports.md#comparison). */
	public const COMPARE = array( ReportQuery::PREVIOUS_PERIOD, ReportQuery::PREVIOUS_YEAR );

	/**
	 * Runs a report (and its comparison) from the cache or computes it.
	 *
	 * @param string $report  One of ReportRegistry::names().
	 * @param array  $args    Raw date_from, date_to (YYYY-MM-DD, site timezone), job_id and compare
	 *                        (previous_period or previous_year); omitted = missing, null or ''.
	 * @param bool   $as_text Whether the answer may be its JSON instead of its data: a hit's entry as stored, not
	 *                        decoded (the REST route's JSON). It is the data whenever JSON cannot hold the figures or
	 *                        recruiting_reports_report_results is hooked.
	 * @return array{data?:array,json?:string,cache:string}|WP_Error 'cache' is 'hit' or 'miss' (with compare: whether
	 *                                                               the compared answer was cached); errors are
	 *                                                               REST-shaped (400 rest_invalid_param with
	 *                                                               data.params, 404 resource_not_found).
	 */
	public static function run( string $report, array $args, bool $as_text = false ) {
		$definition = ReportRegistry::get( $report );
		if ( null === $definition ) {
			return self::unknown_report( $report );
		}
		/**
		 * Filters the raw arguments of a report before they are validated and resolved (the REST route, the
		 * dashboard widget, the blocks and WP-CLI all pass here): for example a default job or period for a site.
		 *
		 * @param array  $args   date_from, date_to (YYYY-MM-DD, site timezone), job_id and compare, as given.
		 * @param string $report Report name (ReportRegistry::names()).
		 */
		$args    = (array) apply_filters( 'recruiting_reports_report_query_args', $args, $report );
		$compare = $args['compare'] ?? null;
		if ( null !== $compare && '' !== $compare && ! in_array( $compare, self::COMPARE, true ) ) {
			return self::invalid_compare();
		}
		// The job is looked up only on a miss: a cached entry for a job proves it existed at this data
		// version, and deleting or trashing a job changes the version.
		$query = ReportQuery::from_args( $args, null, false );
		if ( $query instanceof WP_Error ) {
			return $query;
		}
		/**
		 * Filters whether a report may be answered from, and stored in, the report cache (default true), for
		 * example to compute a report afresh while its figures are audited.
		 *
		 * @param bool        $use_cache Whether to use the cache.
		 * @param string      $report    Report name.
		 * @param ReportQuery $query     The resolved query (period, job, months).
		 */
		$use_cache    = (bool) apply_filters( 'recruiting_reports_use_report_cache', true, $report, $query );
		$data_version = ReportCache::version();
		$versions     = self::versions( $definition, $data_version );
		$compare      = null === $compare || '' === $compare ? null : $compare;
		// With a comparison the whole answer has its own entry (the key includes compare), so a warm
		// request reads one entry like any other report. The compared period is the earlier one: the pair is
		// closed when the asked period is. A report as of now (ReportDefinition::$now) answers the same for every
		// period: its comparison is its own figures under the compared period, so only its own entry is kept.
		$paired   = null !== $compare && ! $definition->now;
		$entry    = $paired ? $report . '+' . $compare : $report;
		$compared = null === $compare ? null : $query->comparison( $compare );
		// Sent as it is stored, unless something filters the figures (below).
		$as_text = $as_text && ! has_filter( 'recruiting_reports_report_results' );
		if ( $paired && $use_cache ) {
			ReportCache::prime_compared( $report, $entry, $query, $compared );
		}
		$json  = $use_cache ? ReportCache::get_text( $entry, $query, $versions( $query ) ) : null;
		$data  = null === $json || $as_text ? null : ReportCache::decode( $json );
		$cache = 'hit';
		if ( null === $json || ( ! $as_text && null === $data ) ) {
			$computed = self::compute( $definition, $query, $paired ? $compared : null, $entry, $versions, $use_cache, $data_version );
			if ( $computed instanceof WP_Error ) {
				return $computed;
			}
			[ $data, $json ] = $computed;
			$cache           = 'miss';
		}
		// A report as of now answers its comparison with its own figures under the compared period.
		return self::answer( $report, $query, $paired ? null : $compared, $data, $json, $as_text ) + array( 'cache' => $cache );
	}

	/**
	 * A report's answer as run() returns it (without its 'cache'): its JSON as stored when it may be sent as text,
	 * else its data through recruiting_reports_report_results.
	 *
	 * @param string           $report       Report name.
	 * @param ReportQuery      $query        The resolved query.
	 * @param ReportQuery|null $now_compared The compared period of a report as of now, whose comparison is its own
	 *                                       figures under that period; null otherwise.
	 * @param array|null       $data         The data, when decoded or computed.
	 * @param string|null      $json         Its JSON (null when JSON cannot hold the figures).
	 * @param bool             $as_text      Whether the answer may be its JSON (see run()).
	 * @return array{data?:array,json?:string}
	 */
	private static function answer( string $report, ReportQuery $query, ?ReportQuery $now_compared, ?array $data, ?string $json, bool $as_text ): array {
		if ( $as_text && null !== $json ) {
			$text = null === $now_compared ? $json : self::text_with_comparison( $json, $query, $now_compared );
			if ( null !== $text ) {
				return array( 'json' => $text );
			}
		}
		$data ??= (array) ReportCache::decode( (string) $json );
		if ( null !== $now_compared ) {
			$data['comparison'] = array( 'period' => $now_compared->period() ) + $data;
		}
		/**
		 * Filters a report's figures (with its `comparison`, when asked for) on their way to any reader (REST,
		 * widget, blocks, WP-CLI), cached or not: fields may be added; the cache keeps the unfiltered figures.
		 *
		 * @param array       $data   The report.
		 * @param string      $report Report name.
		 * @param ReportQuery $query  The resolved query.
		 */
		return array( 'data' => (array) apply_filters( 'recruiting_reports_report_results', $data, $report, $query ) );
	}

	/**
	 * The 400 for a report name the registry does not have.
	 *
	 * @param string $report The name asked for.
	 */
	private static function unknown_report( string $report ): WP_Error {
		return new WP_Error(
			'rest_invalid_param',
			/* translators: %s: report name. */
			sprintf( __( 'Unknown report "%s".', 'recruiting-reports' ), $report ),
			array(
				'status' => 400,
				/* translators: %s: list of report names. */
				'params' => array( 'report' => sprintf( __( 'Expected one of: %s.', 'recruiting-reports' ), implode( ', ', ReportRegistry::names() ) ) ),
			)
		);
	}

	/** The 400 for a `compare` that is not one of COMPARE. */
	private static function invalid_compare(): WP_Error {
		/* translators: %s: allowed values. */
		$message = sprintf( __( 'compare must be one of: %s.', 'recruiting-reports' ), implode( ', ', self::COMPARE ) );
		return new WP_Error(
			'rest_invalid_param',
			$message,
			array(
				'status' => 400,
				'params' => array( 'compare' => $message ),
			)
		);
	}

	/**
	 * A miss: the report (and with a paired comparison the compared period) computed, or read from a closed period's
	 * entry, and every entry it makes written in one statement (ReportCache::set()).
	 *
	 * @param ReportDefinition $definition   The report.
	 * @param ReportQuery      $query        The period and job.
	 * @param ReportQuery|null $compared     The compared period of a paired answer, or null.
	 * @param string           $entry        The answer's entry name.
	 * @param callable         $versions     fn( ReportQuery ): string (versions()).
	 * @param bool             $use_cache    Whether the cache may be used.
	 * @param string           $data_version ReportCache::version(), read before.
	 * @return array{0:array,1:string|null}|WP_Error The data and its JSON (null when JSON cannot hold it).
	 */
	private static function compute( ReportDefinition $definition, ReportQuery $query, ?ReportQuery $compared, string $entry, callable $versions, bool $use_cache, string $data_version ) {
		// On a read replica: only once it has every write the version stands for (the job check included).
		ReportCache::prepare_reads( $data_version );
		if ( null !== $query->job_id && ! JobRepository::get( $query->job_id ) ) {
			return ReportQuery::job_not_found( $query->job_id );
		}
		$writes = array();
		if ( null !== $compared ) {
			// Each period is computed exactly as if asked for directly (so `comparison` equals that request) or read
			// from that request's entry when it is cached. Only the pair is written (and a closed period's own entry,
			// which outlives the pair's): without a persistent object cache every entry written is a durable database
			// write, and three of them made a compared miss cost more than twice one report.
			// One computation for PieceReads: what does not depend on the period is read once for both.
			$data = PieceReads::collecting(
				static function () use ( $definition, $query, $compared, $versions, $use_cache, &$writes ) {
					$data               = self::cached( $definition, $query, $versions, $use_cache, $writes );
					$data['comparison'] = self::cached( $definition, $compared, $versions, $use_cache, $writes );
					return $data;
				}
			);
		} else {
			$data = self::fresh( $definition, $query );
		}
		$json = ReportCache::encode( $data );
		if ( null !== $json ) {
			$writes[] = array( $entry, $query, $versions( $query ), $json );
		}
		if ( $use_cache ) {
			ReportCache::set( $writes );
		}
		return array( $data, $json );
	}

	/**
	 * The JSON of a report as of now (ReportDefinition::$now) with its comparison, from its own JSON: the same figures
	 * under the compared period (what run() adds to the data), spliced as text so that a hit is not decoded.
	 *
	 * @param string      $json     The report's JSON (ReportCache::encode()), which starts with its period.
	 * @param ReportQuery $query    The asked period.
	 * @param ReportQuery $compared The compared period.
	 * @return string|null Null when the JSON does not start with the period (then the data is decoded instead).
	 */
	private static function text_with_comparison( string $json, ReportQuery $query, ReportQuery $compared ): ?string {
		$head  = '{"period":' . ReportCache::encode( $query->period() );
		$other = ReportCache::encode( $compared->period() );
		if ( ! str_starts_with( $json, $head ) || null === $other || '}' !== substr( $json, -1 ) ) {
			return null;
		}
		return substr( $json, 0, -1 ) . ',"comparison":{"period":' . $other . substr( $json, strlen( $head ) ) . '}';
	}

	/**
	 * The version a report's cached answer for a period must carry: the data version, or for a closed period of a
	 * report that declares it (ReportDefinition::$closed) the closed version (ReportCache); with what the report's
	 * answers also depend on (ReportDefinition::$freshness). Both versions are read now, before any computing.
	 *
	 * @param ReportDefinition $definition   The report.
	 * @param string           $data_version ReportCache::version().
	 * @return callable fn( ReportQuery ): string
	 */
	private static function versions( ReportDefinition $definition, string $data_version ): callable {
		$freshness = null === $definition->freshness ? '' : '|' . ( $definition->freshness )();
		if ( ! $definition->closed ) {
			return static fn() => $data_version . $freshness;
		}
		$closed_version = ReportCache::closed_version();
		$current_month  = ReportSummary::month_start( time() );
		return static fn( ReportQuery $query ) => ( $query->end <= $current_month ? $closed_version : $data_version ) . $freshness;
	}

	/**
	 * One report for one period from its cache entry, else computed (and, when the period is closed, its entry added to
	 * the writes: see run()).
	 *
	 * @param ReportDefinition $definition The report.
	 * @param ReportQuery      $query      The period and job.
	 * @param callable         $versions   fn( ReportQuery ): string, the version of an entry (versions()).
	 * @param bool             $use_cache  Whether the cache may be used (recruiting_reports_use_report_cache).
	 * @param array            $writes     The entries to write, as ReportCache::set() takes them.
	 */
	private static function cached( ReportDefinition $definition, ReportQuery $query, callable $versions, bool $use_cache, array &$writes ): array {
		$version = $versions( $query );
		$data    = $use_cache ? ReportCache::get( $definition->name, $query, $version ) : null;
		if ( null === $data ) {
			$data = self::fresh( $definition, $query );
			$json = str_starts_with( $version, 'closed-' ) ? ReportCache::encode( $data ) : null;
			if ( null !== $json ) {
				$writes[] = array( $definition->name, $query, $version, $json );
			}
		}
		return $data;
	}

	/**
	 * One report for one period, computed.
	 *
	 * @param ReportDefinition $definition The report.
	 * @param ReportQuery      $query      The period and job.
	 */
	private static function fresh( ReportDefinition $definition, ReportQuery $query ): array {
		// A report may leave its period out: every report answers with it first.
		return array( 'period' => $query->period() ) + ( $definition->run )( $query );
	}
}
