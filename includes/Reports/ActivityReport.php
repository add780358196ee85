<?php
/**
 * GET /reports/activity (issue #26): what each team member did in the period (and job): status changes by target
 * status (history rows other than an application's first), notes written, ratings given (first rated in the period)
 * and the applications handled (distinct applications with any of those by the user). Rows are per user id; a user
 * deleted since reads "Deleted user #id". Writes without a user (the apply form's applications) are nobody's activity;
 * imports record the importing user, so a migrated history counts for them at its own dates.
 *
 * Read from the activity summary (Data\ActivitySummary) for the period's whole UTC months and days, and from the
 * history, notes and ratings (indexes changed_user and created_user: time first, then user and application) for the
 * partial days; one job adds a join on the applications' ids.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Reports;

use RecruitingReports\Data\ActivitySummary;
use RecruitingReports\Data\ReportSummary;
use RecruitingReports\Data\Schema;
use RecruitingReports\Domain\Pipeline;

defined( 'ABSPATH' ) || exit;

/**
 * The Activity report.
 */
final class ActivityReport {

	public const NAME = 'activity';

	/** The report's definition (docs/adding-a-report.md). */
	public static function definition(): ReportDefinition {
		$by_status = array();
		foreach ( Pipeline::STATUSES as $status ) {
			/* translators: %s: a status. */
			$by_status[ 'to_' . $status ] = ReportSchema::integer( sprintf( __( 'Status changes to %s.', 'recruiting-reports' ), $status ) );
		}
		return new ReportDefinition(
			name: self::NAME,
			title: __( 'Team activity', 'recruiting-reports' ),
			description: __( 'What each team member did: status changes by the status set, notes, ratings and the applications handled.', 'recruiting-reports' ),
			run: static fn( ReportQuery $query ) => ( new self() )->run( $query ),
			schema: array(
				'totals'  => ReportSchema::object(
					__( 'The whole team in the period.', 'recruiting-reports' ),
					array(
						'users'          => ReportSchema::integer( __( 'Users with any activity.', 'recruiting-reports' ) ),
						'status_changes' => ReportSchema::integer( __( 'Status changes.', 'recruiting-reports' ) ),
						'notes'          => ReportSchema::integer( __( 'Notes written.', 'recruiting-reports' ) ),
						'ratings'        => ReportSchema::integer( __( 'Ratings given.', 'recruiting-reports' ) ),
					)
				),
				'by_user' => ReportSchema::rows(
					__( 'One row per user with activity, by applications handled descending, then status changes descending, then user_id.', 'recruiting-reports' ),
					array(
						'user_id'              => ReportSchema::integer( __( 'User id.', 'recruiting-reports' ) ),
						'user_name'            => ReportSchema::text( __( 'Display name; "Deleted user #id" for a user deleted since.', 'recruiting-reports' ) ),
						'status_changes'       => ReportSchema::integer( __( 'Status changes.', 'recruiting-reports' ) ),
					) + $by_status + array(
						'notes'                => ReportSchema::integer( __( 'Notes written.', 'recruiting-reports' ) ),
						'ratings'              => ReportSchema::integer( __( 'Ratings given (first rated in the period).', 'recruiting-reports' ) ),
						'applications_handled' => ReportSchema::integer( __( 'Distinct applications with any of the above by the user.', 'recruiting-reports' ) ),
					)
				),
			),
			figures: array(
				ReportFigures::count( 'users', __( 'Active team members', 'recruiting-reports' ), 'totals.users' ),
				ReportFigures::count( 'status_changes', __( 'Status changes', 'recruiting-reports' ), 'totals.status_changes' ),
				ReportFigures::count( 'notes', __( 'Notes', 'recruiting-reports' ), 'totals.notes' ),
				ReportFigures::count( 'ratings', __( 'Ratings', 'recruiting-reports' ), 'totals.ratings' ),
			),
			charts: array( self::by_user_chart() ),
			block: array(
				'icon'     => 'groups',
				'keywords' => array( 'recruiting', 'activity', 'team', 'recruiter' ),
			),
			// A user is one person on every site of a network: their counts are summed, and the applications they
			// handled are distinct per site (each site has its own), so those are summed too.
			merge: static fn( array $sites ) => self::figures( NetworkMerge::keyed( $sites, 'by_user', array( 'user_id' ) ) ),
		);
	}

	/**
	 * Per team member: what they handled, status changes (in the table by the status set), notes and ratings.
	 */
	private static function by_user_chart(): array {
		$series = array(
			ReportCharts::series( __( 'Applications handled', 'recruiting-reports' ), 'applications_handled', 'count', ReportPalette::BLUE ),
			ReportCharts::series( __( 'Status changes', 'recruiting-reports' ), 'status_changes', 'count', ReportPalette::PURPLE ),
		);
		foreach ( ReportCharts::status_labels() as $status => $label ) {
			/* translators: %s: a status, e.g. "Interview". */
			$series[] = ReportCharts::series( sprintf( __( 'To %s', 'recruiting-reports' ), $label ), 'to_' . $status, 'count', ReportPalette::STATUSES[ $status ], array( 'chart' => false ) );
		}
		$series[] = ReportCharts::series( __( 'Notes', 'recruiting-reports' ), 'notes', 'count', ReportPalette::TEAL );
		$series[] = ReportCharts::series( __( 'Ratings', 'recruiting-reports' ), 'ratings', 'count', ReportPalette::AMBER );
		return ReportCharts::over_rows(
			'by_user',
			__( 'Activity by team member', 'recruiting-reports' ),
			__( 'Team member', 'recruiting-reports' ),
			'by_user',
			'user_name',
			$series,
			array(
				'horizontal' => true,
				'limit'      => ReportCharts::LIMIT,
				// Four bars per team member.
				'row_height' => 64,
				'wide'       => true,
				'empty'      => ReportCharts::empty_text( __( 'No team activity in this period. Status changes, notes and ratings by a signed-in user — in wp-admin, through the REST API or by an import — count for that user; applications sent through the careers page are nobody\'s activity.', 'recruiting-reports' ) ),
				'section'    => __( 'Per team member', 'recruiting-reports' ),
			)
		);
	}

	/**
	 * Computes the report.
	 *
	 * @param ReportQuery $query The period and job.
	 */
	public function run( ReportQuery $query ): array {
		$zero = array( 'status_changes' => 0 );
		foreach ( Pipeline::STATUSES as $status ) {
			$zero[ 'to_' . $status ] = 0;
		}
		$zero += array(
			'notes'                => 0,
			'ratings'              => 0,
			'applications_handled' => 0,
		);
		$users = array();
		foreach ( $this->counts( $query ) as [ $user, $kind, $n ] ) {
			$users[ $user ]         ??= $zero;
			$users[ $user ][ $kind ] += $n;
			if ( str_starts_with( $kind, 'to_' ) ) {
				$users[ $user ]['status_changes'] += $n;
			}
		}
		foreach ( $this->handled( $query ) as $user => $n ) {
			$users[ $user ]['applications_handled'] = $n;
		}

		$rows = array();
		foreach ( $users as $user_id => $counts ) {
			$user   = get_userdata( $user_id );
			$rows[] = array(
				'user_id'   => $user_id,
				/* translators: %d: user id. */
				'user_name' => $user ? (string) $user->display_name : sprintf( __( 'Deleted user #%d', 'recruiting-reports' ), $user_id ),
			) + $counts;
		}
		return array( 'period' => $query->period() ) + self::figures( $rows );
	}

	/**
	 * The report's fields from its rows per user: ordered, with the team's totals.
	 *
	 * @param array[] $rows Rows per user.
	 */
	private static function figures( array $rows ): array {
		usort( $rows, static fn( $a, $b ) => ( $b['applications_handled'] <=> $a['applications_handled'] ) ?: ( $b['status_changes'] <=> $a['status_changes'] ) ?: ( $a['user_id'] <=> $b['user_id'] ) );
		return array(
			'totals'  => array(
				'users'          => count( $rows ),
				'status_changes' => array_sum( array_column( $rows, 'status_changes' ) ),
				'notes'          => array_sum( array_column( $rows, 'notes' ) ),
				'ratings'        => array_sum( array_column( $rows, 'ratings' ) ),
			),
			'by_user' => $rows,
		);
	}

	/**
	 * The activities of the period (and job) per user and kind (to_<status>, notes, ratings): the summary rows of its
	 * whole UTC months and days, the history, notes and ratings of the rest.
	 *
	 * @param ReportQuery $query The period and job.
	 * @return array<int,array{0:int,1:string,2:int}> user id, kind, count.
	 */
	private function counts( ReportQuery $query ): array {
		global $wpdb;
		$parts   = array( PeriodParts::of( $query->start, $query->end ) );
		$counts  = array();
		$buckets = PeriodParts::bucket_condition( $parts );
		if ( null !== $buckets ) {
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- integers from PeriodParts.
			$rows = $wpdb->get_results( $wpdb->prepare( "SELECT user_id, kind, SUM(n) FROM %i WHERE job_id = %d AND $buckets GROUP BY user_id, kind", Schema::table( 'report_activity' ), $query->job_id ?? 0 ), ARRAY_N );
			foreach ( $rows ? $rows : array() as [ $user, $kind, $n ] ) {
				if ( (int) $n ) { // Rows whose activities were all deleted since stay, at 0.
					$counts[] = array( (int) $user, (string) $kind, (int) $n );
				}
			}
		}
		[ $join, $job ] = $this->job_filter( $query );
		foreach ( ActivitySummary::SOURCES as $table => [ $time, $kind, $extra ] ) {
			$raw = PeriodParts::raw_condition( $parts, 't.' . $time );
			if ( null === $raw ) {
				break;
			}
			$column = null === $kind ? "''" : 't.' . $kind;
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- $column, $extra, $join and $raw are ours, $job prepared.
			$sql  = $wpdb->prepare( "SELECT t.user_id, $column AS grouped_by, COUNT(*) FROM %i t$join WHERE $raw AND t.user_id > 0$extra$job GROUP BY t.user_id, grouped_by", Schema::table( $table ) );
			$rows = $wpdb->get_results( $sql, ARRAY_N ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- prepared above.
			foreach ( $rows ? $rows : array() as [ $user, $value, $n ] ) {
				$counts[] = array( (int) $user, null === $kind ? $table : 'to_' . $value, (int) $n );
			}
		}
		return $counts;
	}

	/**
	 * Distinct applications per user with a status change, note or rating by them in the period (and job).
	 *
	 * The period is the whole UTC days and months [S, T) that ActivitySummary answers and at most two partial ranges
	 * of raw activity before S and after T. A user's application counts once: from the summary when it was active in
	 * [S, T) (its entry with prev_day < S); else from the range before S; else from the range after T.
	 *
	 * @param ReportQuery $query The period and job.
	 * @return array<int,int> user id => applications.
	 */
	private function handled( ReportQuery $query ): array {
		global $wpdb;
		$parts   = PeriodParts::of( $query->start, $query->end );
		$handled = array();
		$buckets = PeriodParts::bucket_condition( array( $parts ) );
		$whole   = null;
		if ( null !== $buckets ) {
			$starts = array_merge( $parts->months, array_column( $parts->days, 0 ) );
			$ends   = array_merge( array_map( array( ReportSummary::class, 'next_month' ), $parts->months ), array_column( $parts->days, 1 ) );
			$whole  = array( min( $starts ), max( $ends ) );
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- integers from PeriodParts.
			$rows = $wpdb->get_results( $wpdb->prepare( "SELECT user_id, SUM(n) FROM %i WHERE job_id = %d AND $buckets AND prev_day < %d GROUP BY user_id", Schema::table( 'report_activity_handled' ), $query->job_id ?? 0, $whole[0] ), ARRAY_N );
			foreach ( $rows ? $rows : array() as [ $user, $n ] ) {
				$handled[ (int) $user ] = (int) $n;
			}
		}
		foreach ( $parts->raw as [ $from, $to ] ) {
			// Not counted already: active in the whole part (before S), or in it or the range before it (after T).
			$seen = null === $whole ? null : ( $to <= $whole[0] ? $whole : array( $query->start, $whole[1] ) );
			foreach ( $this->raw_handled( $query, $from, $to, $seen ) as $user => $n ) {
				$handled[ $user ] = ( $handled[ $user ] ?? 0 ) + $n;
			}
		}
		return array_filter( $handled );
	}

	/**
	 * Distinct applications per user active in [from, to) and not in [seen from, seen to) (the job's).
	 *
	 * @param ReportQuery             $query The job.
	 * @param int                     $from  From.
	 * @param int                     $to    To.
	 * @param array{0:int,1:int}|null $seen  The range already counted, if any.
	 * @return array<int,int> user id => applications.
	 */
	private function raw_handled( ReportQuery $query, int $from, int $to, ?array $seen ): array {
		global $wpdb;
		[ $join, $job ] = $this->job_filter( $query );
		$parts          = array();
		$not_seen       = '';
		foreach ( ActivitySummary::SOURCES as $table => [ $time, , $extra ] ) {
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- $time, $extra and $join are ours, $job prepared.
			$parts[] = $wpdb->prepare( "SELECT t.user_id, t.application_id FROM %i t$join WHERE t.$time >= %d AND t.$time < %d AND t.user_id > 0$extra$job", Schema::table( $table ), $from, $to );
			if ( null !== $seen ) {
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- $time and $extra are ours.
				$not_seen .= $wpdb->prepare( " AND NOT EXISTS (SELECT 1 FROM %i t WHERE t.application_id = handled.application_id AND t.user_id = handled.user_id AND t.$time >= %d AND t.$time < %d$extra)", Schema::table( $table ), $seen[0], $seen[1] );
			}
		}
		// UNION (not UNION ALL) keeps each user's application once.
		$rows    = $wpdb->get_results( 'SELECT user_id, COUNT(*) FROM (' . implode( ' UNION ', $parts ) . ') handled WHERE 1 = 1' . $not_seen . ' GROUP BY user_id', ARRAY_N ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- its parts are prepared above.
		$handled = array();
		foreach ( $rows ? $rows : array() as $row ) {
			$handled[ (int) $row[0] ] = (int) $row[1];
		}
		return $handled;
	}

	/**
	 * The join and condition of the job filter (none for every job).
	 *
	 * @param ReportQuery $query The job.
	 * @return array{0:string,1:string}
	 */
	private function job_filter( ReportQuery $query ): array {
		global $wpdb;
		if ( null === $query->job_id ) {
			return array( '', '' );
		}
		return array( ' JOIN ' . Schema::table( 'applications' ) . ' a ON a.id = t.application_id', $wpdb->prepare( ' AND a.job_id = %d', $query->job_id ) );
	}
}
