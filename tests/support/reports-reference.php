<?php
/**
 * A brute-force reference implementation of docs/reports.md#definitions for the consistency test: loads every application
 * into PHP and applies the definitions literally (a date is in the period when its calendar date in the
 * site timezone is; the trend month is the calendar month of hired_at there). Deliberately shares no code
 * with includes/Reports, so the production queries (summaries, partial days, histogram median) are
 * checked against an independent computation. Test-only; loaded by tests through the PHP bridge.
 *
 * @package RecruitingReports
 */

defined( 'ABSPATH' ) || exit;

/**
 * @param string $report    'overview', 'time-to-hire', 'funnel', 'sources', 'time-to-fill', 'careers', 'rejections',
 *                          'pipeline' or 'activity'.
 * @param string $from      YYYY-MM-DD.
 * @param string $to        YYYY-MM-DD.
 * @param int    $job_id    0 for all jobs.
 * @param ?int   $now       The instant the pipeline's waits are counted to (default: now); a report computed a second
 *                          earlier may differ from one computed now, so a test passes the second it was computed at.
 */
function rr_reference_report( string $report, string $from, string $to, int $job_id, ?int $now = null ): array {
	global $wpdb;
	if ( in_array( $report, array( 'rejections', 'pipeline', 'activity' ), true ) ) {
		return rr_reference_history_report( $report, $from, $to, $job_id, $now );
	}
	$tz    = wp_timezone();
	$local = static fn( $time, $format ) => ( new DateTimeImmutable( '@' . $time ) )->setTimezone( $tz )->format( $format );
	$in    = static fn( $time ) => null !== $time && $local( (int) $time, 'Y-m-d' ) >= $from && $local( (int) $time, 'Y-m-d' ) <= $to;
	$days  = static fn( $seconds ) => round( $seconds / 86400, 1 );
	$rate  = static fn( $a, $b ) => $b ? round( $a / $b, 4 ) : 0.0;
	$mean  = static fn( array $values ) => $values ? $days( array_sum( $values ) / count( $values ) ) : 0.0;

	$sql    = 'SELECT * FROM ' . $wpdb->prefix . 'recruiting_applications' . ( $job_id ? $wpdb->prepare( ' WHERE job_id = %d', $job_id ) : '' );
	$apps   = $wpdb->get_results( $sql, ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
	$hires  = array_values( array_filter( $apps, static fn( $a ) => $in( $a['hired_at'] ) ) );
	$period = array(
		'from' => $from,
		'to'   => $to,
	);

	if ( 'funnel' === $report || 'sources' === $report ) {
		$cohort = array_values( array_filter( $apps, static fn( $a ) => $in( $a['applied_at'] ) ) );
		if ( 'sources' === $report ) {
			$by_source = array();
			foreach ( $cohort as $a ) {
				$by_source[ $a['source'] ][] = $a;
			}
			$rows = array();
			foreach ( $by_source as $source => $list ) {
				$hired  = array_filter( $list, static fn( $a ) => null !== $a['hired_at'] );
				$rows[] = array(
					'source'               => (string) $source,
					'applications'         => count( $list ),
					'hires'                => count( $hired ),
					'conversion'           => $rate( count( $hired ), count( $list ) ),
					'average_days_to_hire' => $mean( array_map( static fn( $a ) => $a['hired_at'] - $a['applied_at'], $hired ) ),
				);
			}
			usort( $rows, static fn( $a, $b ) => $b['applications'] <=> $a['applications'] ?: strcmp( $a['source'], $b['source'] ) );
			return array(
				'period'  => $period,
				'sources' => $rows,
			);
		}
		$reached = array();
		$stages  = array();
		foreach ( array( 'new', 'screening', 'interview', 'offer', 'hired' ) as $rank => $stage ) {
			$reached[ $rank ] = count( array_filter( $cohort, static fn( $a ) => (int) $a['max_stage'] >= $rank ) );
			$stages[]         = array(
				'stage'                    => $stage,
				'reached'                  => $reached[ $rank ],
				'conversion_from_previous' => $rate( $reached[ $rank ], $reached[ max( 0, $rank - 1 ) ] ),
			);
		}
		$now = static fn( $status ) => count( array_filter( $cohort, static fn( $a ) => $status === $a['status'] ) );
		return array(
			'period'                => $period,
			'stages'                => $stages,
			'outcomes'              => array(
				'rejected'    => $now( 'rejected' ),
				'withdrawn'   => $now( 'withdrawn' ),
				'in_progress' => $now( 'new' ) + $now( 'screening' ) + $now( 'interview' ) + $now( 'offer' ),
			),
			'offer_acceptance_rate' => $rate( $reached[4], $reached[3] - $now( 'offer' ) ),
		);
	}

	if ( 'careers' === $report ) {
		return rr_reference_careers( $apps, $in, $rate, $period, $job_id );
	}
	if ( 'time-to-fill' === $report ) {
		$jobs  = get_posts(
			array(
				'post_type'      => 'recruiting_job',
				'post_status'    => array( 'publish', 'draft', 'closed', 'future', 'pending', 'private' ),
				'posts_per_page' => -1,
				'include'        => $job_id ? array( $job_id ) : array(),
			)
		);
		$first = array();
		foreach ( $apps as $a ) {
			if ( null !== $a['hired_at'] && ( ! isset( $first[ $a['job_id'] ] ) || (int) $a['hired_at'] < $first[ $a['job_id'] ] ) ) {
				$first[ $a['job_id'] ] = (int) $a['hired_at'];
			}
		}
		$filled = array();
		$ages   = array();
		foreach ( $jobs as $post ) {
			$created = strtotime( $post->post_date_gmt . ' UTC' );
			if ( ! isset( $first[ $post->ID ] ) ) {
				if ( 'publish' === $post->post_status ) {
					$ages[] = time() - $created;
				}
			} elseif ( $in( $first[ $post->ID ] ) ) {
				$filled[] = array(
					'job_id'    => $post->ID,
					'job_title' => $post->post_title,
					'opened'    => $local( $created, 'Y-m-d' ),
					'filled'    => $local( $first[ $post->ID ], 'Y-m-d' ),
					'days'      => $days( $first[ $post->ID ] - $created ),
					'seconds'   => $first[ $post->ID ] - $created,
					'month'     => $local( $first[ $post->ID ], 'Y-m' ),
				);
			}
		}
		usort( $filled, static fn( $a, $b ) => array( $b['seconds'], $a['job_id'] ) <=> array( $a['seconds'], $b['job_id'] ) );
		$values = array_reverse( array_column( $filled, 'seconds' ) );
		$n      = count( $values );
		$trend  = array();
		for ( $month = substr( $from, 0, 7 ); $month <= substr( $to, 0, 7 ); $month = ( new DateTimeImmutable( $month . '-01' ) )->modify( '+1 month' )->format( 'Y-m' ) ) {
			$in_month = array_column( array_filter( $filled, static fn( $f ) => $f['month'] === $month ), 'seconds' );
			$trend[]  = array(
				'month'        => $month,
				'average_days' => $mean( $in_month ),
				'jobs'         => count( $in_month ),
			);
		}
		return array(
			'period'    => $period,
			'overall'   => array(
				'average_days' => $mean( $values ),
				'median_days'  => 0 === $n ? 0.0 : ( $n % 2 ? $days( $values[ intdiv( $n, 2 ) ] ) : $days( ( $values[ $n / 2 - 1 ] + $values[ $n / 2 ] ) / 2 ) ),
				'min_days'     => $n ? $days( $values[0] ) : 0.0,
				'max_days'     => $n ? $days( $values[ $n - 1 ] ) : 0.0,
			),
			'by_job'    => array_map( static fn( $f ) => array_diff_key( $f, array( 'seconds' => 0, 'month' => 0 ) ), $filled ),
			'trend'     => $trend,
			'open_jobs' => array(
				'count'            => count( $ages ),
				'average_age_days' => $mean( $ages ),
			),
		);
	}

	if ( 'overview' === $report ) {
		$by_status = array_fill_keys( array( 'new', 'screening', 'interview', 'offer', 'hired', 'rejected', 'withdrawn' ), 0 );
		foreach ( $apps as $a ) {
			++$by_status[ $a['status'] ];
		}
		$cohort  = array_values( array_filter( $apps, static fn( $a ) => $in( $a['applied_at'] ) ) );
		$reached = array();
		for ( $rank = 0; $rank <= 4; $rank++ ) {
			$reached[ $rank ] = count( array_filter( $cohort, static fn( $a ) => (int) $a['max_stage'] >= $rank ) );
		}
		$jobs = get_posts(
			array(
				'post_type'      => 'recruiting_job',
				'post_status'    => array( 'publish', 'draft', 'closed', 'future', 'pending', 'private' ),
				'posts_per_page' => -1,
				'include'        => $job_id ? array( $job_id ) : array(),
			)
		);
		return array(
			'period'                => array(
				'from' => $from,
				'to'   => $to,
			),
			'jobs'                  => array(
				'total'           => count( $jobs ),
				'active'          => count( array_filter( $jobs, static fn( $p ) => 'publish' === $p->post_status ) ),
				'new_this_period' => count( array_filter( $jobs, static fn( $p ) => $in( strtotime( $p->post_date_gmt . ' UTC' ) ) ) ),
			),
			'applications'          => array(
				'total'           => count( $apps ),
				'new_this_period' => count( $cohort ),
				'by_status'       => $by_status,
			),
			'conversion'            => array(
				'application_to_screening' => $rate( $reached[1], $reached[0] ),
				'screening_to_interview'   => $rate( $reached[2], $reached[1] ),
				'interview_to_offer'       => $rate( $reached[3], $reached[2] ),
				'offer_to_hire'            => $rate( $reached[4], $reached[3] ),
			),
			'hires_this_period'     => count( $hires ),
			'avg_time_to_hire_days' => $mean( array_map( static fn( $a ) => $a['hired_at'] - $a['applied_at'], $hires ) ),
		);
	}

	$durations = array_map( static fn( $a ) => (int) $a['hired_at'] - (int) $a['applied_at'], $hires );
	sort( $durations );
	$n      = count( $durations );
	$median = 0 === $n ? 0.0 : ( $n % 2 ? $days( $durations[ intdiv( $n, 2 ) ] ) : $days( ( $durations[ $n / 2 - 1 ] + $durations[ $n / 2 ] ) / 2 ) );

	$by_stage = array();
	foreach ( array(
		'new_to_screening'       => array( 'applied_at', 'screening_at' ),
		'screening_to_interview' => array( 'screening_at', 'interview_at' ),
		'interview_to_offer'     => array( 'interview_at', 'offer_at' ),
		'offer_to_hire'          => array( 'offer_at', 'hired_at' ),
	) as $key => [ $x, $y ] ) {
		$values = array();
		foreach ( $hires as $a ) {
			if ( null !== $a[ $x ] && null !== $a[ $y ] ) {
				$values[] = $a[ $y ] - $a[ $x ];
			}
		}
		$by_stage[ $key ] = $mean( $values );
	}

	$per_job = array();
	foreach ( $hires as $a ) {
		$per_job[ (int) $a['job_id'] ][] = $a['hired_at'] - $a['applied_at'];
	}
	$by_job = array();
	foreach ( $per_job as $job => $values ) {
		$by_job[] = array(
			'job_id'       => $job,
			'job_title'    => (string) get_post_field( 'post_title', $job, 'raw' ),
			'average_days' => $mean( $values ),
			'hires'        => count( $values ),
		);
	}
	usort( $by_job, static fn( $a, $b ) => array( $b['hires'], $a['job_id'] ) <=> array( $a['hires'], $b['job_id'] ) );

	$trend = array();
	for ( $month = substr( $from, 0, 7 ); $month <= substr( $to, 0, 7 ); $month = ( new DateTimeImmutable( $month . '-01' ) )->modify( '+1 month' )->format( 'Y-m' ) ) {
		$values  = array_map( static fn( $a ) => $a['hired_at'] - $a['applied_at'], array_filter( $hires, static fn( $a ) => $local( (int) $a['hired_at'], 'Y-m' ) === $month ) );
		$trend[] = array(
			'month'        => $month,
			'average_days' => $mean( $values ),
			'hires'        => count( $values ),
		);
	}

	return array(
		'period'   => array(
			'from' => $from,
			'to'   => $to,
		),
		'overall'  => array(
			'average_days' => $mean( $durations ),
			'median_days'  => $median,
			'min_days'     => $n ? $days( $durations[0] ) : 0.0,
			'max_days'     => $n ? $days( $durations[ $n - 1 ] ) : 0.0,
		),
		'by_stage' => $by_stage,
		'by_job'   => $by_job,
		'trend'    => $trend,
	);
}

/**
 * The careers funnel by its definition: the counters' day rows of the period's site dates added up (no month rows,
 * no rollups), the applications applied in the period and those of them hired, by job and by source category.
 *
 * @param array[]  $apps   The applications (of the job, when filtered).
 * @param callable $in     Whether an instant's site date is in the period.
 * @param callable $rate   The rounding of a rate.
 * @param array    $period from, to.
 * @param int      $job_id 0 for all jobs.
 */
function rr_reference_careers( array $apps, callable $in, callable $rate, array $period, int $job_id ): array {
	global $wpdb;
	$fields   = array(
		'list_view'  => 'list_views',
		'job_view'   => 'job_views',
		'form_start' => 'form_starts',
		'submission' => 'submissions',
	);
	$zero     = array_fill_keys( array_merge( array_values( $fields ), array( 'applications', 'hires' ) ), 0 );
	$category = static fn( $source ) => preg_match( '/^[a-z0-9][a-z0-9._+-]*$/', (string) $source ) ? (string) $source : 'other';
	$first    = new DateTimeImmutable( $period['from'] );
	$daily    = $first->diff( new DateTimeImmutable( $period['to'] ) )->days < 31;
	$buckets  = array();
	for ( $day = $first; $day->format( 'Y-m-d' ) <= $period['to']; $day = $day->modify( '+1 day' ) ) {
		$buckets[ $day->format( $daily ? 'Y-m-d' : 'Y-m' ) ] = array_slice( $zero, 0, 4 );
	}
	$sql    = $wpdb->prepare( 'SELECT period, job_id, source, metric, hits FROM %i WHERE span = 1 AND period >= %s AND period <= %s', $wpdb->prefix . 'recruiting_careers_counts', $period['from'], $period['to'] ) . ( $job_id ? $wpdb->prepare( ' AND job_id = %d', $job_id ) : '' );
	$jobs   = array();
	$groups = array();
	foreach ( $wpdb->get_results( $sql, ARRAY_A ) as $count ) { // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
		$field = $fields[ $count['metric'] ];
		foreach ( array( 'job' => (int) $count['job_id'], 'source' => $category( $count['source'] ) ) as $group => $key ) {
			$groups[ $group ][ $key ]           ??= $zero;
			$groups[ $group ][ $key ][ $field ] += (int) $count['hits'];
		}
		$buckets[ substr( $count['period'], 0, $daily ? 10 : 7 ) ][ $field ] += (int) $count['hits'];
	}
	foreach ( array_filter( $apps, static fn( $a ) => $in( $a['applied_at'] ) ) as $a ) {
		foreach ( array( 'job' => (int) $a['job_id'], 'source' => $category( $a['source'] ) ) as $group => $key ) {
			$groups[ $group ][ $key ]                 ??= $zero;
			$groups[ $group ][ $key ]['applications'] += 1;
			$groups[ $group ][ $key ]['hires']        += null === $a['hired_at'] ? 0 : 1;
		}
	}
	$step    = static fn( array $r ) => $r + array(
		'view_to_start'       => $rate( $r['form_starts'], $r['job_views'] ),
		'start_to_submission' => $rate( $r['submissions'], $r['form_starts'] ),
		'view_to_submission'  => $rate( $r['submissions'], $r['job_views'] ),
		'application_to_hire' => $rate( $r['hires'], $r['applications'] ),
	);
	$order   = static fn( $a, $b ) => array( $b['job_views'], $b['applications'] ) <=> array( $a['job_views'], $a['applications'] );
	$by_job  = array();
	$totals  = $zero;
	foreach ( $groups['job'] ?? array() as $job => $row ) {
		$by_job[] = array(
			'job_id'    => $job,
			'job_title' => (string) get_post( $job )?->post_title,
		) + $step( $row );
		foreach ( $row as $field => $value ) {
			$totals[ $field ] += $value;
		}
	}
	usort( $by_job, static fn( $a, $b ) => $order( $a, $b ) ?: $a['job_id'] <=> $b['job_id'] );
	$by_source = array();
	foreach ( $groups['source'] ?? array() as $source => $row ) {
		$by_source[] = array( 'source' => (string) $source ) + $step( $row );
	}
	usort( $by_source, static fn( $a, $b ) => $order( $a, $b ) ?: strcmp( $a['source'], $b['source'] ) );
	$trend = array();
	foreach ( $buckets as $bucket => $row ) {
		$trend[] = array( 'period' => (string) $bucket ) + $row;
	}
	return array(
		'period'    => $period,
		'totals'    => $step( $totals ),
		'by_job'    => $by_job,
		'by_source' => $by_source,
		'trend'     => $trend,
	);
}

/**
 * The reports of issue #26 from the raw rows: each application's current status, since when, and the reason and
 * stage of a current exit are read off its last history row (not the applications table's denormalised columns);
 * days in stage are counted on naive wall-clock times (the local date-times as if UTC), not by TimeInStage's cutoffs.
 *
 * @param string $report 'rejections', 'pipeline' or 'activity'.
 * @param string $from   YYYY-MM-DD.
 * @param string $to     YYYY-MM-DD.
 * @param int    $job_id 0 for all jobs.
 * @param ?int   $now    The instant the pipeline's waits are counted to (default: now).
 */
function rr_reference_history_report( string $report, string $from, string $to, int $job_id, ?int $now = null ): array {
	global $wpdb;
	$p      = $wpdb->prefix . 'recruiting_';
	$tz     = wp_timezone();
	$local  = static fn( $time, $format ) => ( new DateTimeImmutable( '@' . $time ) )->setTimezone( $tz )->format( $format );
	$in     = static fn( $time ) => $local( (int) $time, 'Y-m-d' ) >= $from && $local( (int) $time, 'Y-m-d' ) <= $to;
	$job_of = array();
	foreach ( $wpdb->get_results( "SELECT id, job_id FROM {$p}applications", ARRAY_A ) as $row ) { // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		if ( ! $job_id || (int) $row['job_id'] === $job_id ) {
			$job_of[ (int) $row['id'] ] = (int) $row['job_id'];
		}
	}
	$history = $wpdb->get_results( "SELECT * FROM {$p}status_history ORDER BY application_id, changed_at, id", ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
	$history = array_values( array_filter( $history, static fn( $h ) => isset( $job_of[ (int) $h['application_id'] ] ) ) );
	$period  = array(
		'from' => $from,
		'to'   => $to,
	);
	$title   = static fn( $job ) => (string) get_post_field( 'post_title', $job, 'raw' );

	if ( 'activity' === $report ) {
		$users = array();
		$add   = static function ( $user, $field, $application ) use ( &$users ) {
			if ( $user <= 0 ) {
				return;
			}
			$users[ $user ]['counts'][ $field ]          = ( $users[ $user ]['counts'][ $field ] ?? 0 ) + 1;
			$users[ $user ]['apps'][ $application ] = true;
		};
		foreach ( $history as $h ) {
			if ( null !== $h['from_status'] && $in( $h['changed_at'] ) ) {
				$add( (int) $h['user_id'], 'to_' . $h['to_status'], (int) $h['application_id'] );
			}
		}
		foreach ( array( 'notes', 'ratings' ) as $table ) {
			foreach ( $wpdb->get_results( "SELECT * FROM {$p}$table", ARRAY_A ) as $row ) { // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
				if ( isset( $job_of[ (int) $row['application_id'] ] ) && $in( $row['created_at'] ) ) {
					$add( (int) $row['user_id'], $table, (int) $row['application_id'] );
				}
			}
		}
		$rows = array();
		foreach ( $users as $user => $done ) {
			$row = array(
				'user_id'        => $user,
				'user_name'      => get_userdata( $user ) ? get_userdata( $user )->display_name : "Deleted user #$user",
				'status_changes' => 0,
			);
			foreach ( array( 'new', 'screening', 'interview', 'offer', 'hired', 'rejected', 'withdrawn' ) as $status ) {
				$row[ 'to_' . $status ]  = $done['counts'][ 'to_' . $status ] ?? 0;
				$row['status_changes'] += $row[ 'to_' . $status ];
			}
			$rows[] = $row + array(
				'notes'                => $done['counts']['notes'] ?? 0,
				'ratings'              => $done['counts']['ratings'] ?? 0,
				'applications_handled' => count( $done['apps'] ),
			);
		}
		usort( $rows, static fn( $a, $b ) => array( $b['applications_handled'], $b['status_changes'], $a['user_id'] ) <=> array( $a['applications_handled'], $a['status_changes'], $b['user_id'] ) );
		return array(
			'period'  => $period,
			'totals'  => array(
				'users'          => count( $rows ),
				'status_changes' => array_sum( array_column( $rows, 'status_changes' ) ),
				'notes'          => array_sum( array_column( $rows, 'notes' ) ),
				'ratings'        => array_sum( array_column( $rows, 'ratings' ) ),
			),
			'by_user' => $rows,
		);
	}

	$last = array();
	foreach ( $history as $h ) {
		$last[ (int) $h['application_id'] ] = $h; // Chronological: the last row wins.
	}
	$open = array( 'new', 'screening', 'interview', 'offer' );

	if ( 'pipeline' === $report ) {
		$now     ??= time();
		$naive     = static fn( $time ) => strtotime( $local( $time, 'Y-m-d H:i:s' ) . ' UTC' );
		$threshold = \RecruitingReports\Data\Settings::get( 'stale_days' );
		$waits     = array();
		foreach ( $last as $id => $h ) {
			if ( in_array( $h['to_status'], $open, true ) ) {
				$days                                            = intdiv( $naive( $now ) - $naive( (int) $h['changed_at'] ), 86400 );
				$waits[ $h['to_status'] ][]                      = $days;
				$waits[ $job_of[ $id ] . '|' . $h['to_status'] ][] = $days;
			}
		}
		$figures = static function ( string $stage, array $days ) use ( $threshold ): array {
			sort( $days );
			$n = count( $days );
			return array(
				'open'         => $n,
				'median_days'  => $n ? ( $n % 2 ? (float) $days[ intdiv( $n, 2 ) ] : ( $days[ $n / 2 - 1 ] + $days[ $n / 2 ] ) / 2 ) : 0.0,
				'longest_days' => $n ? $days[ $n - 1 ] : 0,
				'stale'        => count( array_filter( $days, static fn( $d ) => $d >= $threshold[ $stage ] ) ),
			);
		};
		$stages = array();
		foreach ( $open as $stage ) {
			$stages[] = array( 'stage' => $stage ) + $figures( $stage, $waits[ $stage ] ?? array() );
		}
		$by_job = array();
		foreach ( array_unique( array_values( $job_of ) ) as $job ) {
			foreach ( $open as $stage ) {
				if ( isset( $waits[ "$job|$stage" ] ) ) {
					$by_job[] = array(
						'job_id'    => $job,
						'job_title' => $title( $job ),
						'stage'     => $stage,
					) + $figures( $stage, $waits[ "$job|$stage" ] );
				}
			}
		}
		usort( $by_job, static fn( $a, $b ) => array( $a['job_id'], array_search( $a['stage'], $open, true ) ) <=> array( $b['job_id'], array_search( $b['stage'], $open, true ) ) );
		return array(
			'period' => $period,
			'totals' => array(
				'open'  => array_sum( array_column( $stages, 'open' ) ),
				'stale' => array_sum( array_column( $stages, 'stale' ) ),
			),
			'stages' => $stages,
			'by_job' => $by_job,
		);
	}

	// Rejections: the applications whose last history row is an exit in the period.
	$exits = array_filter( $last, static fn( $h ) => in_array( $h['to_status'], array( 'rejected', 'withdrawn' ), true ) && $in( $h['changed_at'] ) );
	$zero  = array(
		'rejected'  => 0,
		'withdrawn' => 0,
	);
	$totals   = $zero;
	$reasons  = array();
	$by_stage = array_fill_keys( $open, $zero );
	$jobs     = array();
	$months   = array();
	for ( $month = substr( $from, 0, 7 ); $month <= substr( $to, 0, 7 ); $month = ( new DateTimeImmutable( $month . '-01' ) )->modify( '+1 month' )->format( 'Y-m' ) ) {
		$months[ $month ] = array( 'month' => $month ) + $zero;
	}
	foreach ( $exits as $id => $h ) {
		$status = $h['to_status'];
		++$totals[ $status ];
		$reasons[ $status ][ (string) $h['reason'] ] = ( $reasons[ $status ][ (string) $h['reason'] ] ?? 0 ) + 1;
		++$by_stage[ $h['from_status'] ][ $status ];
		$jobs[ $job_of[ $id ] ]            ??= $zero;
		++$jobs[ $job_of[ $id ] ][ $status ];
		++$months[ $local( (int) $h['changed_at'], 'Y-m' ) ][ $status ];
	}
	$by_reason = array();
	foreach ( array( 'rejected', 'withdrawn' ) as $status ) {
		$rows = array();
		foreach ( $reasons[ $status ] ?? array() as $reason => $count ) {
			$label = 'No reason given';
			foreach ( \RecruitingReports\Data\Settings::get( 'rejected' === $status ? 'rejection_reasons' : 'withdrawal_reasons' ) as $listed ) {
				$label = $listed['id'] === $reason ? $listed['label'] : $label;
			}
			$rows[] = array(
				'status' => $status,
				'reason' => (string) $reason,
				'label'  => $label,
				'count'  => $count,
				'share'  => round( $count / $totals[ $status ], 4 ),
			);
		}
		usort( $rows, static fn( $a, $b ) => array( $b['count'], $a['label'], $a['reason'] ) <=> array( $a['count'], $b['label'], $b['reason'] ) );
		$by_reason = array_merge( $by_reason, $rows );
	}
	$by_job = array();
	foreach ( $jobs as $job => $counts ) {
		$by_job[] = array(
			'job_id'    => $job,
			'job_title' => $title( $job ),
		) + $counts;
	}
	usort( $by_job, static fn( $a, $b ) => array( $b['rejected'] + $b['withdrawn'], $a['job_id'] ) <=> array( $a['rejected'] + $a['withdrawn'], $b['job_id'] ) );
	return array(
		'period'    => $period,
		'totals'    => $totals,
		'by_reason' => $by_reason,
		'by_stage'  => array_map( static fn( $stage ) => array( 'stage' => $stage ) + $by_stage[ $stage ], $open ),
		'by_job'    => $by_job,
		'trend'     => array_values( $months ),
	);
}

/** Every summary row that is not all zeros, in a stable order (to compare incremental vs rebuilt). */
function rr_summary_snapshot(): array {
	global $wpdb;
	$snapshot = array();
	foreach ( array(
		'report_buckets'   => 'span, bucket, job_id',
		'report_hire_days' => 'span, bucket, job_id, days',
		'report_statuses'  => 'job_id, status',
		'report_sources'   => 'span, bucket, job_id, source_key',
		'report_exits'            => 'span, bucket, job_id, status, reason, stage',
		'report_exit_jobs'        => 'span, bucket, job_id',
		'report_activity'         => 'span, bucket, job_id, user_id, kind',
		'report_activity_handled' => 'span, bucket, job_id, user_id, prev_day',
		'report_waiting'          => 'job_id, status, bucket',
	) as $name => $order ) {
		$rows = $wpdb->get_results( 'SELECT * FROM ' . $wpdb->prefix . 'recruiting_' . $name . ' ORDER BY ' . $order, ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
		$keep = array();
		foreach ( $rows as $row ) {
			if ( 'report_waiting' === $name ) {
				// Every row, the instants readable (an emptied row left behind is a difference too).
				$stages = array_map( static fn( $entries ) => implode( ',', $entries->all() ), \RecruitingReports\Data\WaitingSummary::entries( $row['status'], $row['entries'] ) );
				$keep[] = $row['job_id'] . '|' . $row['status'] . '|' . $row['bucket'] . '|' . http_build_query( $stages );
				continue;
			}
			$measures = array_diff_key( $row, array_flip( array( 'span', 'bucket', 'job_id', 'days', 'status', 'source_key', 'source', 'reason', 'stage', 'user_id', 'kind', 'prev_day' ) ) );
			if ( array_filter( array_map( 'intval', $measures ) ) ) {
				$keep[] = implode( '|', $row );
			}
		}
		$snapshot[ $name ] = $keep;
	}
	return $snapshot;
}
