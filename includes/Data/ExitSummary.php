<?php
/**
 * The exits summary of the rejections report (issue #26): applications now rejected or withdrawn, counted by the
 * time they left (status_since), per status, exit reason and the stage they left from (reopen_status).
 *
 * Two tables (see Schema), with the buckets of ReportSummary (UTC months per job and for all jobs, UTC days for all
 * jobs only), so a period is assembled the same way (Reports\PeriodParts: whole months and days from here, the
 * partial days from the applications table):
 * - report_exits: span, bucket, job_id, status, reason ('' for none), stage ('' for none) => exits;
 * - report_exit_jobs: per UTC month, job and status => exits, the by_job figures of every job in a few thousand rows.
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

	/** The columns of an application row the exits are computed from (a subset of ReportSummary::ROW_COLUMNS). */
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
		foreach ( array_filter( $jobs ) as $key => $delta ) {
			[ $bucket, $job, $status ] = explode( '|', $key );
			$job_rows[ $key ]          = array( (int) $bucket, (int) $job, $status, $delta );
		}
		return ReportSummary::upsert( 'report_exits', array( 'span', 'bucket', 'job_id', 'status', 'reason', 'stage', 'exits' ), array( 'exits' ), $exit_rows )
			&& ReportSummary::upsert( 'report_exit_jobs', array( 'bucket', 'job_id', 'status', 'exits' ), array( 'exits' ), $job_rows );
	}

	/**
	 * Adds one row's exit, times $sign, to the pending deltas (nothing for an application that has not left).
	 *
	 * @param array<string,int> $exits "span|bucket|job|status|reason|stage" => delta.
	 * @param array<string,int> $jobs  "month|job|status" => delta.
	 * @param array             $row   Row (job_id, status, status_since, exit_reason, reopen_status).
	 * @param int               $sign  Sign.
	 */
	private static function collect( array &$exits, array &$jobs, array $row, int $sign ): void {
		if ( ! in_array( $row['status'], Pipeline::EXITS, true ) ) {
			return;
		}
		$since = (int) $row['status_since'];
		$job   = (int) $row['job_id'];
		$month = ReportSummary::month_start( $since );
		$what  = '|' . $row['status'] . '|' . ( $row['exit_reason'] ?? '' ) . '|' . ( $row['reopen_status'] ?? '' );
		foreach ( array(
			ReportSummary::SPAN_MONTH . '|' . $month . '|' . $job,
			ReportSummary::SPAN_MONTH . '|' . $month . '|0',
			ReportSummary::SPAN_DAY . '|' . ReportSummary::day_start( $since ) . '|0',
		) as $key ) {
			$exits[ $key . $what ] = ( $exits[ $key . $what ] ?? 0 ) + $sign;
		}
		$key          = $month . '|' . $job . '|' . $row['status'];
		$jobs[ $key ] = ( $jobs[ $key ] ?? 0 ) + $sign;
	}
}
