<?php
/**
 * GET /reports/sources (docs/reports.md#funnel-sources-time-to-fill) over the cohort C: per source the applications, how many of them have
 * been hired (at any time up to now), the conversion and the mean days to hire of those hires. Two
 * queries whatever the data size (the scope is the job, or 0 for all):
 *
 * 1. summary: report_sources rows of the period's whole UTC months and days, GROUP BY source_key (the
 *    md5 of the source: byte-exact grouping on every database).
 * 2. edges:   the applications applied in the partial days (source_applied is not needed: applied_stage
 *    bounds the rows to under a day each), GROUP BY HEX(source), which is byte-exact too (MySQL's
 *    collations would otherwise merge 'café' and 'cafe').
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Reports;

use RecruitingReports\Data\Schema;
use RecruitingReports\Data\Source;

defined( 'ABSPATH' ) || exit;

/**
 * The Sources report.
 */
final class SourcesReport {

	/** The sources report's definition (docs/adding-a-report.md). */
	public static function definition(): ReportDefinition {
		// Every application of the cohort has exactly one source: the rows add up to the cohort.
		$applications = array( 'sum' => 'sources.applications' );
		$hires        = array( 'sum' => 'sources.hires' );
		return new ReportDefinition(
			name: ReportService::SOURCES,
			title: __( 'Sources of applicants', 'recruiting-reports' ),
			description: __( 'Which channels bring applicants and hires: applications, hires, conversion and days to hire per source.', 'recruiting-reports' ),
			run: static fn( ReportQuery $query ) => ( new self() )->run( $query ),
			schema: array(
				'sources' => ReportSchema::rows(
					__( 'One row per source of the cohort, by applications descending then source (byte order).', 'recruiting-reports' ),
					array(
						'source'               => ReportSchema::text( __( 'Where the candidates came from (lower case; direct when not given).', 'recruiting-reports' ) ),
						'applications'         => ReportSchema::integer( __( 'Applications of the cohort from this source.', 'recruiting-reports' ) ),
						'hires'                => ReportSchema::integer( __( 'Of those, the ones hired (at any time up to now).', 'recruiting-reports' ) ),
						'conversion'           => ReportSchema::rate( __( 'hires ÷ applications.', 'recruiting-reports' ) ),
						'average_days_to_hire' => ReportSchema::days(),
					)
				),
			),
			figures: array(
				ReportFigures::count( 'sources', __( 'Sources', 'recruiting-reports' ), array( 'rows' => 'sources' ) ),
				ReportFigures::count( 'applications', __( 'Applications', 'recruiting-reports' ), $applications ),
				ReportFigures::count( 'hires', __( 'Hires', 'recruiting-reports' ), $hires ),
				ReportFigures::percent( 'hire_rate', __( 'Hire rate', 'recruiting-reports' ), array( 'rate' => array( $hires, $applications ) ), $applications, __( 'No applications in this period', 'recruiting-reports' ) ),
			),
			charts: array(
				// The table lists every source; the chart the largest ones (the API orders them by applications).
				ReportCharts::over_rows(
					'sources',
					__( 'Applications and hires by source', 'recruiting-reports' ),
					__( 'Source', 'recruiting-reports' ),
					'sources',
					'source',
					array(
						ReportCharts::series( __( 'Applications', 'recruiting-reports' ), 'applications', 'count', ReportPalette::BLUE ),
						ReportCharts::series( __( 'Hires', 'recruiting-reports' ), 'hires', 'count', ReportPalette::GREEN ),
						ReportCharts::series( __( 'Hire rate', 'recruiting-reports' ), 'conversion', 'percent', ReportPalette::TEAL, array( 'chart' => false ) ),
						// A source without hires has no average: "—".
						ReportCharts::series(
							__( 'Average days to hire', 'recruiting-reports' ),
							'average_days_to_hire',
							'days',
							ReportPalette::PURPLE,
							array(
								'chart'   => false,
								'missing' => ReportCharts::missing_where( 'hires', __( 'No hires', 'recruiting-reports' ) ),
							)
						),
					),
					array(
						'horizontal' => true,
						'limit'      => ReportCharts::LIMIT,
						// Two bars (applications, hires) per source.
						'row_height' => 40,
						'section'    => __( 'Per source', 'recruiting-reports' ),
					)
				),
			),
			block: array(
				'icon'     => 'megaphone',
				'keywords' => array( 'recruiting', 'source', 'channel', 'source of hire' ),
			),
			// A source is the same channel on every site: its applications, hires and seconds are summed.
			merge: static fn( array $sites ) => array( 'sources' => self::rows( NetworkMerge::sum( array_map( static fn( SiteFigures $site ) => $site->in( array( self::class, 'totals' ) ), $sites ) ) ) ),
			// The cohort by applied_at per source: as the funnel's.
			closed: true,
		);
	}

	/**
	 * Computes the report.
	 *
	 * @param ReportQuery $query The period and job.
	 */
	public function run( ReportQuery $query ): array {
		return array(
			'period'  => $query->period(),
			'sources' => self::rows( self::totals( $query ) ),
		);
	}

	/**
	 * The cohort's applications, hires and hire seconds per source.
	 *
	 * @param ReportQuery $query The period and job.
	 * @return array<string,array{0:int,1:int,2:int}> source => [applications, hires, hire seconds].
	 */
	public static function totals( ReportQuery $query ): array {
		return PieceReads::read( __METHOD__, $query, static fn() => self::read_totals( $query ) );
	}

	/**
	 * The read itself (PieceReads keeps it during a network report's computation).
	 *
	 * @param ReportQuery $query The period and job.
	 */
	private static function read_totals( ReportQuery $query ): array {
		global $wpdb;
		$parts  = array( PeriodParts::of( $query->start, $query->end ) );
		$totals = array();
		$rows   = array();

		$buckets = PeriodParts::bucket_condition( $parts );
		if ( null !== $buckets ) {
			$table = Schema::table( 'report_sources' );
			// Every row of one source_key holds the same source, so MIN() only picks it.
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- integers from PeriodParts.
			$rows = $wpdb->get_results( $wpdb->prepare( "SELECT MIN(source) AS source, SUM(applied) AS applied, SUM(hires) AS hires, SUM(hire_seconds) AS hire_seconds FROM $table WHERE job_id = %d AND $buckets GROUP BY source_key", $query->job_id ?? 0 ), ARRAY_A );
		}
		$edges = PeriodParts::raw_condition( $parts, 'applied_at' );
		if ( null !== $edges ) {
			$table = Schema::table( 'applications' );
			$job   = null === $query->job_id ? '' : $wpdb->prepare( ' AND job_id = %d', $query->job_id );
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- integers, prepared $job.
			foreach ( $wpdb->get_results( "SELECT HEX(source) AS source_hex, COUNT(*) AS applied, COUNT(hired_at) AS hires, SUM(hire_seconds) AS hire_seconds FROM $table WHERE $edges$job GROUP BY HEX(source)", ARRAY_A ) as $row ) {
				$row['source'] = (string) hex2bin( (string) $row['source_hex'] );
				$rows[]        = $row;
			}
		}
		foreach ( $rows as $row ) {
			$source            = (string) $row['source'];
			$totals[ $source ] = array(
				( $totals[ $source ][0] ?? 0 ) + (int) $row['applied'],
				( $totals[ $source ][1] ?? 0 ) + (int) $row['hires'],
				( $totals[ $source ][2] ?? 0 ) + (int) $row['hire_seconds'],
			);
		}
		return $totals;
	}

	/**
	 * The report's rows from the totals per source.
	 *
	 * @param array<string,array{0:int,1:int,2:int}> $totals source => [applications, hires, hire seconds].
	 * @return array[]
	 */
	private static function rows( array $totals ): array {
		$sources = array();
		foreach ( $totals as $source => [ $applied, $hires, $seconds ] ) {
			if ( $applied > 0 ) { // A source whose applications all moved away (re-import) keeps zero rows.
				$sources[] = array(
					'source'               => (string) $source,
					'applications'         => $applied,
					'hires'                => $hires,
					'conversion'           => Rounding::rate( $hires, $applied ),
					'average_days_to_hire' => Rounding::mean_days( $seconds, $hires ),
				);
			}
		}
		return self::ordered( $sources );
	}

	/**
	 * The report as visitors of a public report block see it (Blocks\ReportBlock): every source that is not a
	 * channel name — free text such as "referred by Jane Roe", which may name a person — counted in one `other` row,
	 * as anonymisation counts it (Data\Source::category()); the comparison's too. Applications and hires keep their
	 * totals; `other`'s conversion is exact, its average days to hire the hires-weighted mean of the grouped rows'
	 * averages (the report keeps no seconds per row).
	 *
	 * @param array $data The report (with its `comparison`, when asked for).
	 * @return array
	 */
	public static function without_free_text( array $data ): array {
		if ( is_array( $data['sources'] ?? null ) ) {
			$data['sources'] = self::grouped( $data['sources'] );
		}
		if ( is_array( $data['comparison']['sources'] ?? null ) ) {
			$data['comparison']['sources'] = self::grouped( $data['comparison']['sources'] );
		}
		return $data;
	}

	/**
	 * Rows whose source is not a channel name merged into one `other` row.
	 *
	 * @param array[] $rows The report's rows.
	 * @return array[]
	 */
	private static function grouped( array $rows ): array {
		$kept         = array();
		$applications = 0;
		$hires        = 0;
		$tenths       = 0; // Σ average days to hire × 10 × hires: the grouped rows' days to hire, in tenths of a day.
		foreach ( $rows as $row ) {
			if ( Source::OTHER !== Source::category( (string) $row['source'] ) ) {
				$kept[] = $row;
				continue;
			}
			$applications += (int) $row['applications'];
			$hires        += (int) $row['hires'];
			$tenths       += (int) round( (float) $row['average_days_to_hire'] * 10 ) * (int) $row['hires'];
		}
		if ( $applications > 0 ) {
			$kept[] = array(
				'source'               => Source::OTHER,
				'applications'         => $applications,
				'hires'                => $hires,
				'conversion'           => Rounding::rate( $hires, $applications ),
				'average_days_to_hire' => Rounding::ratio( $tenths, 10 * $hires, 10 ),
			);
		}
		return self::ordered( $kept );
	}

	/**
	 * Rows by applications, most first, then by source in byte order (also for sources that look like numbers:
	 * '10' < '9').
	 *
	 * @param array[] $rows Rows.
	 * @return array[]
	 */
	private static function ordered( array $rows ): array {
		usort(
			$rows,
			static function ( $a, $b ) {
				$by_count = $b['applications'] <=> $a['applications'];
				return 0 !== $by_count ? $by_count : strcmp( $a['source'], $b['source'] );
			}
		);
		return $rows;
	}
}
