<?php
/**
 * GET /reports/careers: the careers funnel — job-list views, job-page views, apply-form starts and submissions from
 * the counters (Data\CareersCounters, counted by Careers\FunnelCounting), then the applications received in the
 * period (every channel: the form, POST /applications, the import) and how many of them have been hired since (the
 * Sources report's cohort rule), in total, by job, by source, and as a trend by day (periods of up to 31 days) or by
 * month.
 *
 * Counter rows of the period: the months wholly inside it from their month rows, its other days from day rows, so a
 * year reads twelve months' rows, not 365 days'; and each figure from the rows of what it groups by (the counters'
 * rollups per job, per source and over everything), not from every job × source row. The retention deletes old
 * days only: a period that cuts into such a month counts only the days still there (docs/reports.md "Careers
 * funnel"). Applications and hires come from the summary tables for whole UTC months and days (cohort()).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Reports;

use DateTimeImmutable;
use RecruitingReports\Careers\FunnelCounting;
use RecruitingReports\Data\CareersCounters;
use RecruitingReports\Data\Schema;
use RecruitingReports\Data\Source;

defined( 'ABSPATH' ) || exit;

/**
 * The careers funnel report.
 */
final class CareersReport {

	public const NAME = 'careers';

	/** The trend is by day up to this many days, by month beyond. */
	public const MAX_DAILY_TREND = 31;

	/** Counter metric => the report's field. */
	private const FIELDS = array(
		'list_view'  => 'list_views',
		'job_view'   => 'job_views',
		'form_start' => 'form_starts',
		'submission' => 'submissions',
	);

	/** The careers report's definition (docs/adding-a-report.md). */
	public static function definition(): ReportDefinition {
		return new ReportDefinition(
			name: self::NAME,
			title: __( 'Careers funnel', 'recruiting-reports' ),
			description: __( 'From job views to hires: job-list and job-page views, apply-form starts, submissions, applications and hires, per job and per source.', 'recruiting-reports' ),
			run: static fn( ReportQuery $query ) => self::run( $query ),
			schema: self::schema(),
			figures: array(
				ReportFigures::count( 'job_views', __( 'Job page views', 'recruiting-reports' ), 'totals.job_views' ),
				ReportFigures::count( 'form_starts', __( 'Form starts', 'recruiting-reports' ), 'totals.form_starts' ),
				ReportFigures::count( 'submissions', __( 'Submissions', 'recruiting-reports' ), 'totals.submissions' ),
				ReportFigures::percent( 'view_to_submission', __( 'Views to submissions', 'recruiting-reports' ), 'totals.view_to_submission', 'totals.job_views', __( 'No job page views in this period', 'recruiting-reports' ) ),
				ReportFigures::count( 'hires', __( 'Hires', 'recruiting-reports' ), 'totals.hires' ),
			),
			charts: self::charts(),
			block: array(
				'icon'     => 'visibility',
				'keywords' => array( 'recruiting', 'careers', 'funnel', 'views', 'conversion' ),
			),
			freshness: static fn() => (string) CareersCounters::total_since( FunnelCounting::day( time() - DAY_IN_SECONDS ) ),
			merge: static fn( array $sites ) => self::merge( $sites ),
		);
	}

	/**
	 * The charts: the four counts over time, then views → applications → hires per job and per source (their tables
	 * add the other steps and the conversions).
	 */
	private static function charts(): array {
		// In the funnel's order: the tables' columns; the bars are views, applications and hires.
		$funnel = array(
			'list_views'          => array( __( 'Job list views', 'recruiting-reports' ), 'count', ReportPalette::TEAL, false ),
			'job_views'           => array( __( 'Job page views', 'recruiting-reports' ), 'count', ReportPalette::BLUE, true ),
			'form_starts'         => array( __( 'Form starts', 'recruiting-reports' ), 'count', ReportPalette::INDIGO, false ),
			'submissions'         => array( __( 'Submissions', 'recruiting-reports' ), 'count', ReportPalette::PURPLE, false ),
			'applications'        => array( __( 'Applications', 'recruiting-reports' ), 'count', ReportPalette::AMBER, true ),
			'hires'               => array( __( 'Hires', 'recruiting-reports' ), 'count', ReportPalette::GREEN, true ),
			'view_to_submission'  => array( __( 'Views to submissions', 'recruiting-reports' ), 'percent', ReportPalette::GRAY, false ),
			'application_to_hire' => array( __( 'Applications to hires', 'recruiting-reports' ), 'percent', ReportPalette::GREEN, false ),
		);
		$series = array();
		foreach ( $funnel as $field => [ $label, $unit, $color, $charted ] ) {
			$series[] = ReportCharts::series( $label, $field, $unit, $color, $charted ? array() : array( 'chart' => false ) );
		}
		$nothing = ReportCharts::empty_text( __( 'No job page views or applications in this period.', 'recruiting-reports' ) );
		// Three bars (views, applications, hires) per job or source.
		$per   = static fn( string $id, string $title, string $category, string $field, string $section ) => ReportCharts::over_rows(
			$id,
			$title,
			$category,
			$id,
			$field,
			$series,
			array(
				'horizontal' => true,
				'limit'      => ReportCharts::LIMIT,
				'row_height' => 56,
				'empty'      => $nothing,
				'section'    => $section,
				'wide'       => true,
			)
		);
		$trend = array();
		foreach ( self::FIELDS as $field ) {
			$trend[] = ReportCharts::series( $funnel[ $field ][0], $field, 'count', $funnel[ $field ][2] );
		}
		return array(
			ReportCharts::over_rows(
				'trend',
				__( 'Views, form starts and submissions over time', 'recruiting-reports' ),
				__( 'Day or month', 'recruiting-reports' ),
				'trend',
				'period',
				$trend,
				array(
					'kind'           => 'line',
					'kinds'          => array( 'line', 'bar' ),
					'kind_attribute' => 'trendChart',
					'empty'          => ReportCharts::empty_text( __( 'Nothing counted in this period.', 'recruiting-reports' ) ),
					'section'        => __( 'Trend', 'recruiting-reports' ),
					'wide'           => true,
				)
			),
			$per( 'by_job', __( 'Views, applications and hires by job', 'recruiting-reports' ), __( 'Job', 'recruiting-reports' ), 'job_title', __( 'Per job', 'recruiting-reports' ) ),
			$per( 'by_source', __( 'Views, applications and hires by source', 'recruiting-reports' ), __( 'Source', 'recruiting-reports' ), 'source', __( 'Per source', 'recruiting-reports' ) ),
		);
	}

	/**
	 * Computes the report.
	 *
	 * @param ReportQuery $query The period and job.
	 */
	public static function run( ReportQuery $query ): array {
		$daily  = self::days( $query ) <= self::MAX_DAILY_TREND;
		$counts = self::counter_sums( $query, $daily );
		$cohort = self::cohort( $query );

		$by_job  = array();
		$job_ids = array_map( 'intval', array_unique( array_merge( array_keys( $counts['jobs'] ), array_keys( $cohort['jobs'] ) ) ) );
		// The titles as every report's by_job reads them (kept across requests; "" for a job deleted for good).
		$titles = JobTitles::of( $job_ids );
		foreach ( $job_ids as $job_id ) {
			$by_job[] = array( 'job_id' => (int) $job_id, 'job_title' => $titles[ $job_id ] ?? '' ) + self::step( $counts['jobs'][ $job_id ] ?? array(), $cohort['jobs'][ $job_id ] ?? array() );
		}
		$by_source = array();
		foreach ( array_unique( array_merge( array_keys( $counts['sources'] ), array_keys( $cohort['sources'] ) ) ) as $source ) {
			$by_source[] = array( 'source' => (string) $source ) + self::step( $counts['sources'][ $source ] ?? array(), $cohort['sources'][ $source ] ?? array() );
		}
		return array( 'period' => $query->period() ) + self::figures( $by_job, $by_source, self::trend( $query, $daily, $counts['trend'] ) );
	}

	/**
	 * The careers funnel across a network's sites: every count summed (per source, per day or month, in total), every
	 * site's jobs listed, each conversion recomputed from the summed counts. The totals are the sites' totals summed,
	 * not read from the job rows, which the network report leaves out of a site's part unless asked for.
	 *
	 * @param SiteFigures[] $sites The sites.
	 */
	public static function merge( array $sites ): array {
		$by_source = array_map( static fn( array $row ) => array( 'source' => (string) $row['source'] ) + self::step( $row, $row ), NetworkMerge::keyed( $sites, 'by_source', array( 'source' ) ) );
		$trend     = NetworkMerge::sorted( NetworkMerge::keyed( $sites, 'trend', array( 'period' ) ), static fn( $a, $b ) => strcmp( $a['period'], $b['period'] ) );
		$counted   = array_fill_keys( self::counted(), 0 );
		$totals    = NetworkMerge::sum( array_map( static fn( SiteFigures $site ) => array_intersect_key( (array) ( $site->data['totals'] ?? array() ), $counted ), $sites ) ) + $counted;
		return self::figures( NetworkMerge::listed( $sites, 'by_job' ), $by_source, $trend, $totals );
	}

	/** The counts of a row (the totals' fields before their conversions). */
	private static function counted(): array {
		return array_merge( array_values( self::FIELDS ), array( 'applications', 'hires' ) );
	}

	/**
	 * The report's fields from its rows: ordered, with the totals over the jobs.
	 *
	 * @param array[]    $by_job    Rows per job (with site_id across a network).
	 * @param array[]    $by_source Rows per source.
	 * @param array[]    $trend     Rows per day or month.
	 * @param array|null $totals    The counts in total (counted()); null: summed over $by_job.
	 */
	private static function figures( array $by_job, array $by_source, array $trend, ?array $totals = null ): array {
		$by_views = static fn( $a, $b ) => ( $b['job_views'] <=> $a['job_views'] ) ?: ( $b['applications'] <=> $a['applications'] );
		usort( $by_job, static fn( $a, $b ) => $by_views( $a, $b ) ?: ( ( $a['site_id'] ?? 0 ) <=> ( $b['site_id'] ?? 0 ) ) ?: ( $a['job_id'] <=> $b['job_id'] ) );
		usort( $by_source, static fn( $a, $b ) => $by_views( $a, $b ) ?: strcmp( $a['source'], $b['source'] ) );

		if ( null === $totals ) {
			$totals = array();
			foreach ( self::counted() as $field ) {
				$totals[ $field ] = array_sum( array_column( $by_job, $field ) );
			}
		}
		return array(
			'totals'    => self::step( $totals, $totals ),
			'by_job'    => $by_job,
			'by_source' => $by_source,
			'trend'     => $trend,
		);
	}

	/**
	 * One row's funnel: the counts and the conversion at each step.
	 *
	 * @param array $counts list_views … submissions.
	 * @param array $cohort applications, hires.
	 */
	private static function step( array $counts, array $cohort ): array {
		$row = array();
		foreach ( self::FIELDS as $field ) {
			$row[ $field ] = (int) ( $counts[ $field ] ?? 0 );
		}
		$row['applications'] = (int) ( $cohort['applications'] ?? 0 );
		$row['hires']        = (int) ( $cohort['hires'] ?? 0 );
		return $row + array(
			'view_to_start'        => Rounding::rate( $row['form_starts'], $row['job_views'] ),
			'start_to_submission'  => Rounding::rate( $row['submissions'], $row['form_starts'] ),
			'view_to_submission'   => Rounding::rate( $row['submissions'], $row['job_views'] ),
			'application_to_hire'  => Rounding::rate( $row['hires'], $row['applications'] ),
		);
	}

	/**
	 * The counters of the period by job, by source and by trend bucket, each from the rows of its own level
	 * (CareersCounters' rollups): per job from the rows per job, per source from the rows per source (for one job,
	 * from its job × source rows), the trend from the rows over everything (for one job, its rows per job).
	 *
	 * @param ReportQuery $query The period and job.
	 * @param bool        $daily Whether the trend is by day.
	 * @return array{jobs:array,sources:array,trend:array}
	 */
	private static function counter_sums( ReportQuery $query, bool $daily ): array {
		global $wpdb;
		$one_job = null !== $query->job_id;
		$table   = Schema::table( 'careers_counts' );
		$sums    = array(
			'jobs'    => array(),
			'sources' => array(),
			'trend'   => array(),
		);
		$reads   = array(
			array( 'jobs', CareersCounters::DAY_BY_JOB, 'job_id' ),
			array( 'sources', $one_job ? CareersCounters::DAY : CareersCounters::DAY_BY_SOURCE, 'source_key' ),
			array( 'trend', $one_job ? CareersCounters::DAY_BY_JOB : CareersCounters::DAY_ALL, $daily ? 'period' : 'SUBSTR(period, 1, 7)' ),
		);
		// One statement for every level and range: each read on its own cost a round trip (six of the site's thirteen
		// queries on a miss).
		$selects = array();
		// phpcs:disable WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the conditions are prepared by ranges(); the groups are the constants above.
		foreach ( $reads as $level => [ $group, $day_span, $by ] ) {
			$key = 'source_key' === $by ? 'MIN(source)' : $by;
			foreach ( self::ranges( $query, $day_span, 'trend' === $group && $daily ) as $where ) {
				$selects[] = $wpdb->prepare( "SELECT %d AS level, $key AS k, metric, SUM(hits) AS hits FROM %i WHERE $where GROUP BY $by, metric", $level, $table );
			}
		}
		$rows = $wpdb->get_results( implode( ' UNION ALL ', $selects ), ARRAY_A );
		// phpcs:enable WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		foreach ( $rows as $row ) {
			$group = $reads[ (int) $row['level'] ][0];
			$field = self::FIELDS[ $row['metric'] ] ?? null;
			if ( null !== $field ) {
				$sums[ $group ][ (string) $row['k'] ][ $field ] = ( $sums[ $group ][ (string) $row['k'] ][ $field ] ?? 0 ) + (int) $row['hits'];
			}
		}
		return $sums;
	}

	/**
	 * The conditions selecting a level's counter rows of the period, each a range of the primary key (or, for one
	 * job, of the index job_period) read on its own: the months wholly inside the period from their month rows, the
	 * other days from day rows; or, for a daily trend, every day from day rows (a day the retention deleted counts
	 * nothing there).
	 *
	 * @param ReportQuery $query    The period and job.
	 * @param int         $day_span The level's day span (its month span is the next).
	 * @param bool        $by_day   Every day from day rows.
	 * @return string[] Prepared conditions.
	 */
	private static function ranges( ReportQuery $query, int $day_span, bool $by_day ): array {
		global $wpdb;
		$job  = null === $query->job_id ? '' : $wpdb->prepare( ' AND job_id = %d', $query->job_id );
		$days = $wpdb->prepare( 'span = %d AND period >= %s AND period <= %s', $day_span, $query->from, $query->to ) . $job;
		if ( $by_day ) {
			return array( $days );
		}
		$months = self::whole_months( $query );
		return array(
			$days . $wpdb->prepare( ' AND (period < %s OR period > %s)', $months['first'], $months['end'] ),
			$wpdb->prepare( 'span = %d AND period >= %s AND period <= %s', $day_span + 1, $months['first'], $months['last'] ) . $job,
		);
	}

	/**
	 * The applications received in the period (every channel) and how many of them have been hired since, by job
	 * and by source category (free text counts as `other`, as in the counters): the whole UTC months and days from
	 * the summaries — by job from report_buckets (the cohort's applied and reached_hired, the same counts: hired is
	 * final; its index bucket_job reads "these buckets, every job", covering), by source from report_sources' rows of the
	 * scope (a range of its primary key) — and the partial days at the ends from the applications
	 * (Reports\PeriodParts).
	 *
	 * @param ReportQuery $query The period and job.
	 * @return array{jobs:array,sources:array}
	 */
	private static function cohort( ReportQuery $query ): array {
		global $wpdb;
		$parts  = array( PeriodParts::of( $query->start, $query->end ) );
		$cohort = array(
			'jobs'    => array(),
			'sources' => array(),
		);
		// A summary row can sum to nothing (report_buckets has rows of jobs with only hires in a bucket, and rows whose
		// applications moved away): no job or source is listed for it.
		$add     = static function ( string $group, string $key, $applications, $hires ) use ( &$cohort ): void {
			if ( 0 === (int) $applications && 0 === (int) $hires ) {
				return;
			}
			$cohort[ $group ][ $key ]['applications'] = ( $cohort[ $group ][ $key ]['applications'] ?? 0 ) + (int) $applications;
			$cohort[ $group ][ $key ]['hires']        = ( $cohort[ $group ][ $key ]['hires'] ?? 0 ) + (int) $hires;
		};
		$buckets = PeriodParts::bucket_condition( $parts );
		if ( null !== $buckets ) {
			// Job 0 holds the rows over every job. Every row of one source_key holds the same source: MIN() picks it.
			$jobs = null === $query->job_id ? 'job_id > 0' : $wpdb->prepare( 'job_id = %d', $query->job_id );
			// phpcs:disable WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- integers from PeriodParts, prepared $jobs.
			// Per-job rows: read a quarter and a week at a time where they fit (PeriodParts::coarse_buckets()).
			[ $job_buckets, $negative ] = PeriodParts::coarse_buckets( $parts );
			$sums                       = PeriodParts::signed_sum( 'applied', $negative ) . ' AS applications, ' . PeriodParts::signed_sum( 'reached_hired', $negative ) . ' AS hires';
			foreach ( $wpdb->get_results( $wpdb->prepare( "SELECT job_id, $sums FROM %i WHERE $jobs AND $job_buckets GROUP BY job_id", Schema::table( 'report_buckets' ) ), ARRAY_A ) as $row ) {
				$add( 'jobs', (string) $row['job_id'], $row['applications'], $row['hires'] );
			}
			foreach ( $wpdb->get_results( $wpdb->prepare( "SELECT MIN(source) AS source, SUM(applied) AS applications, SUM(hires) AS hires FROM %i WHERE job_id = %d AND $buckets GROUP BY source_key", Schema::table( 'report_sources' ), $query->job_id ?? 0 ), ARRAY_A ) as $row ) {
				$add( 'sources', Source::category( (string) $row['source'] ), $row['applications'], $row['hires'] );
			}
			// phpcs:enable WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		}
		$edges = PeriodParts::raw_condition( $parts, 'applied_at' );
		if ( null !== $edges ) {
			$job = null === $query->job_id ? '' : $wpdb->prepare( ' AND job_id = %d', $query->job_id );
			// HEX(): byte-exact groups (a collation would merge 'café' and 'cafe'). phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- integers, prepared $job.
			foreach ( $wpdb->get_results( $wpdb->prepare( "SELECT job_id, HEX(source) AS source_hex, COUNT(*) AS applications, COUNT(hired_at) AS hires FROM %i WHERE $edges$job GROUP BY job_id, HEX(source)", Schema::table( 'applications' ) ), ARRAY_A ) as $row ) {
				$add( 'jobs', (string) $row['job_id'], $row['applications'], $row['hires'] );
				$add( 'sources', Source::category( (string) hex2bin( (string) $row['source_hex'] ) ), $row['applications'], $row['hires'] );
			}
		}
		return $cohort;
	}

	/**
	 * The trend: every day (or month) of the period, with zeros where nothing was counted.
	 *
	 * @param ReportQuery $query  The period.
	 * @param bool        $daily  By day.
	 * @param array       $counts Counts by bucket.
	 */
	private static function trend( ReportQuery $query, bool $daily, array $counts ): array {
		$buckets = array();
		if ( $daily ) {
			$day = new DateTimeImmutable( $query->from );
			for ( $count = self::days( $query ); $count > 0; $count-- ) {
				$buckets[] = $day->format( 'Y-m-d' );
				$day       = $day->modify( '+1 day' );
			}
		} else {
			$buckets = array_column( $query->months, 'month' );
		}
		$trend = array();
		foreach ( $buckets as $bucket ) {
			$row = array( 'period' => $bucket );
			foreach ( self::FIELDS as $field ) {
				$row[ $field ] = (int) ( $counts[ $bucket ][ $field ] ?? 0 );
			}
			$trend[] = $row;
		}
		return $trend;
	}

	/**
	 * Days in the period.
	 *
	 * @param ReportQuery $query The period.
	 */
	private static function days( ReportQuery $query ): int {
		return (int) ( new DateTimeImmutable( $query->from ) )->diff( new DateTimeImmutable( $query->to ) )->days + 1;
	}

	/**
	 * The months wholly inside the period: the first day of the first, the first and the last day of the last (a
	 * range matching nothing when none is). A month the period covers up to today counts as whole: no day after
	 * today has counts yet (so a period ending today reads the current month's row, not its days).
	 *
	 * @param ReportQuery $query The period.
	 * @return array{first:string,last:string,end:string} The first day of the first and of the last, the last day of the last.
	 */
	private static function whole_months( ReportQuery $query ): array {
		$whole    = array();
		$to_today = $query->to >= FunnelCounting::day( time() );
		foreach ( $query->months as $month ) {
			$first = $month['month'] . '-01';
			$last  = ( new DateTimeImmutable( $first ) )->modify( 'last day of this month' )->format( 'Y-m-d' );
			if ( $first >= $query->from && ( $last <= $query->to || $to_today ) ) {
				$whole[] = array( $first, $last );
			}
		}
		if ( ! $whole ) {
			return array(
				'first' => '9999-12-31',
				'last'  => '0000-01-01',
				'end'   => '0000-01-01',
			);
		}
		return array(
			'first' => $whole[0][0],
			'last'  => end( $whole )[0],
			'end'   => end( $whole )[1],
		);
	}

	/** The fields' schema. */
	private static function schema(): array {
		$steps  = array(
			'list_views'          => ReportSchema::integer( __( 'Times the job was shown in a job list (each job listed counts once per list view).', 'recruiting-reports' ) ),
			'job_views'           => ReportSchema::integer( __( 'Job page views.', 'recruiting-reports' ) ),
			'form_starts'         => ReportSchema::integer( __( 'Apply forms started (the first interaction with a form).', 'recruiting-reports' ) ),
			'submissions'         => ReportSchema::integer( __( 'Applications sent through the apply form.', 'recruiting-reports' ) ),
			'applications'        => ReportSchema::integer( __( 'Applications received in the period through any channel (the form, the API, the import).', 'recruiting-reports' ) ),
			'hires'               => ReportSchema::integer( __( 'Of those applications, the ones hired (at any time up to now).', 'recruiting-reports' ) ),
			'view_to_start'       => ReportSchema::rate( __( 'form_starts ÷ job_views.', 'recruiting-reports' ) ),
			'start_to_submission' => ReportSchema::rate( __( 'submissions ÷ form_starts.', 'recruiting-reports' ) ),
			'view_to_submission'  => ReportSchema::rate( __( 'submissions ÷ job_views.', 'recruiting-reports' ) ),
			'application_to_hire' => ReportSchema::rate( __( 'hires ÷ applications.', 'recruiting-reports' ) ),
		);
		$counts = array_intersect_key( $steps, array_flip( self::FIELDS ) );
		return array(
			'totals'    => ReportSchema::object( __( 'The funnel of the period: counts and the conversion at each step.', 'recruiting-reports' ), $steps ),
			'by_job'    => ReportSchema::rows( __( 'One row per job with counts or applications in the period, by job views descending.', 'recruiting-reports' ), array( 'job_id' => ReportSchema::integer( __( 'Job id.', 'recruiting-reports' ) ), 'job_title' => ReportSchema::text( __( 'Job title ("" for a job deleted for good).', 'recruiting-reports' ) ) ) + $steps ),
			'by_source' => ReportSchema::rows( __( 'One row per source (free text counts as other), by job views descending.', 'recruiting-reports' ), array( 'source' => ReportSchema::text( __( 'Where the visitors came from: the landing page\'s utm_source, else its referring site, else direct.', 'recruiting-reports' ) ) ) + $steps ),
			'trend'     => ReportSchema::rows( __( 'The counts per day (YYYY-MM-DD) for periods of up to 31 days, else per month (YYYY-MM).', 'recruiting-reports' ), array( 'period' => ReportSchema::text( __( 'The day or month.', 'recruiting-reports' ) ) ) + $counts ),
		);
	}
}
