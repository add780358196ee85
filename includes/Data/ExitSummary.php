<?php
/**
 * The exits summary of the rejections report (issue #26): applications now rejected or withdrawn, counted by the
 * time they left (status_since), per status, exit reason and the stage they left from (reopen_status).
 *
 * Two tables (see Schema), with the buckets of ReportSummary, so a period is assembled the same way
 * (Reports\PeriodParts: whole months and days from here, the partial days from the applications table):
 * - report_exits: span, bucket, job_id, status, reason ('' for none), stage ('' for none) => exits; UTC months per job
 *   and for all jobs, UTC days for all jobs only;
 * - report_exit_jobs: span, bucket, job_id => rejected, withdrawn, per UTC month, year (SPAN_YEAR, since schema 17),
 *   quarter (SPAN_QUARTER), week of a month (SPAN_WEEK) and day (all but the months and years since schema 12): the
 *   by_job figures of every job, one row per job and bucket, without reading the exits of the days outside whole
 *   months one by one.
 *
 * An application's contribution is a function of its row (status, status_since, exit_reason, reopen_status, job_id),
 * so it is kept by ReportSummary::apply(), which every writer calls with the rows before and after its write in the
 * same transaction; ReportSummary::rebuild() recomputes it with the others from the applications table.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Data;

use RecruitingReports\Domain\Pipeline;

defined( 'ABSPATH' ) || exit;

/**
 * The exits summary (rejections report).
 */
final class ExitSummary {

	/** Its tables (emptied by ReportSummary::rebuild(), whose apply() fills them again). */
	public const TABLES = array( 'report_exits', 'report_exit_jobs' );

	/**
	 * Adds the difference between application rows before and after a write.
	 *
	 * @param array[] $before Rows as they were (none for new applications).
	 * @param array[] $after  Rows as they are now (none for deleted applications).
	 * @return bool false when a statement failed (the caller rolls back).
	 */
	public static function apply( array $before, array $after ): bool {
		$exits = array();
		$jobs  = array();
		foreach ( array(
			-1 => $before,
			1  => $after,
		) as $sign => $rows ) {
			foreach ( $rows as $row ) {
				self::collect( $exits, $jobs, $row, $sign );
			}
		}
		$exit_rows = array();
		foreach ( array_filter( $exits ) as $key => $delta ) {
			[ $span, $bucket, $job, $status, $reason, $stage ] = explode( '|', $key );
			$exit_rows[ $key ]                                 = array( (int) $span, (int) $bucket, (int) $job, $status, $reason, $stage, $delta );
		}
		$job_rows = array();
		foreach ( $jobs as $key => $deltas ) {
			if ( array_filter( $deltas ) ) {
				$job_rows[ $key ] = array_map( 'intval', explode( '|', $key ) );
				foreach ( Pipeline::EXITS as $status ) {
					$job_rows[ $key ][] = $deltas[ $status ] ?? 0;
				}
			}
		}
		return ReportSummary::upsert( 'report_exits', array( 'span', 'bucket', 'job_id', 'status', 'reason', 'stage', 'exits' ), array( 'exits' ), $exit_rows )
			&& ReportSummary::upsert( 'report_exit_jobs', array_merge( array( 'span', 'bucket', 'job_id' ), Pipeline::EXITS ), Pipeline::EXITS, $job_rows );
	}

	/**
	 * Adds one row's exit, times $sign, to the pending deltas (nothing for an application that has not left).
	 *
	 * @param array<string,int>   $exits "span|bucket|job|status|reason|stage" => delta.
	 * @param array<string,array> $jobs  "span|bucket|job" => status => delta.
	 * @param array               $row   Row (job_id, status, status_since, exit_reason, reopen_status).
	 * @param int                 $sign  Sign.
	 */
	private static function collect( array &$exits, array &$jobs, array $row, int $sign ): void {
		if ( ! in_array( $row['status'], Pipeline::EXITS, true ) ) {
			return;
		}
		$since = (int) $row['status_since'];
		$job   = (int) $row['job_id'];
		$month = ReportSummary::SPAN_MONTH . '|' . ReportSummary::month_start( $since );
		$day   = ReportSummary::SPAN_DAY . '|' . ReportSummary::day_start( $since );
		$what  = '|' . $row['status'] . '|' . ( $row['exit_reason'] ?? '' ) . '|' . ( $row['reopen_status'] ?? '' );
		foreach ( array( $month . '|' . $job, $month . '|0', $day . '|0' ) as $key ) {
			$exits[ $key . $what ] = ( $exits[ $key . $what ] ?? 0 ) + $sign;
		}
		$buckets = array( $month, $day );
		foreach ( ReportSummary::coarse_buckets( $since ) as $span => $bucket ) {
			$buckets[] = $span . '|' . $bucket;
		}
		foreach ( $buckets as $bucket ) {
			$key                            = $bucket . '|' . $job;
			$jobs[ $key ][ $row['status'] ] = ( $jobs[ $key ][ $row['status'] ] ?? 0 ) + $sign;
		}
	}
}
