<?php
/**
 * The JSON representations of jobs, applications, notes and users, shared by the REST controllers and the
 * webhook payloads (a webhook's `data` is what the API returns for the same record in the view context). Lists
 * are presented with a fixed number of queries (counts, ratings, job titles and users primed per page).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Data;

use RecruitingReports\Domain\Iso8601;
use RecruitingReports\Domain\Pipeline;
use RecruitingReports\Domain\TimeInStage;
use WP_Post;

defined( 'ABSPATH' ) || exit;

/**
 * Representations of records.
 */
final class Presenter {

	/**
	 * Users already looked up: id => {id, name} or null.
	 *
	 * @var array<int,array|null>
	 */
	private static array $users = array();

	// ---------------------------------------------------------------- jobs.

	/**
	 * A job with its application counts (the webhook payload's `job`).
	 *
	 * @param WP_Post $post Job.
	 * @return array
	 */
	public static function job( WP_Post $post ): array {
		$id = (int) $post->ID;
		return self::job_fields( $post ) + array( 'application_counts' => self::counts( ApplicationRepository::counts_by_job( array( $id ) )[ $id ] ) );
	}

	/**
	 * A job's own fields (everything but the application counts, which cost a query).
	 *
	 * @param WP_Post $post Job.
	 * @return array
	 */
	public static function job_fields( WP_Post $post ): array {
		$meta        = static fn( string $field ): string => (string) get_post_meta( $post->ID, JobRepository::META[ $field ], true );
		$external_id = $meta( 'external_id' );
		$modified    = '0000-00-00 00:00:00' === $post->post_modified_gmt ? JobRepository::created_at( $post ) : (int) strtotime( $post->post_modified_gmt . ' UTC' );
		return array(
			'id'              => (int) $post->ID,
			'title'           => $post->post_title,
			'description'     => $post->post_content,
			'status'          => $post->post_status,
			'department'      => $meta( 'department' ),
			'location'        => $meta( 'location' ),
			'employment_type' => $meta( 'employment_type' ),
			'external_id'     => '' === $external_id ? null : $external_id,
			'created_at'      => Iso8601::format( JobRepository::created_at( $post ) ),
			'updated_at'      => Iso8601::format( $modified ),
		) + self::job_details( (int) $post->ID );
	}

	/**
	 * A job's details (Domain\JobDetails) with valid_through as an ISO 8601 instant.
	 *
	 * @param int $id Job id.
	 * @return array
	 */
	private static function job_details( int $id ): array {
		$details                  = JobRepository::details( $id );
		$details['valid_through'] = Iso8601::format( $details['valid_through'] );
		return $details;
	}

	/**
	 * The `application_counts` field of a job.
	 *
	 * @param array<string,int> $by_status Counts by current status (every status present).
	 * @return array
	 */
	public static function counts( array $by_status ): array {
		return array(
			'total'     => array_sum( $by_status ),
			'by_status' => $by_status,
		);
	}

	// ---------------------------------------------------------------- applications.

	/**
	 * Loads the jobs of some applications with one query (their titles are part of each application).
	 *
	 * @param array[] $rows Rows of the applications table.
	 */
	public static function prime_jobs( array $rows ): void {
		_prime_post_caches( array_values( array_unique( array_map( static fn( $row ) => (int) $row['job_id'], $rows ) ) ), false, false );
	}

	/**
	 * What a caller without Read Applications may see of an application (docs/api.md#permissions as decided in issue #23: the
	 * Settings permission manages webhooks and deletes applications, it does not read candidates): its place in
	 * the pipeline, nothing that identifies or describes the person (candidate, external id, source, history with
	 * its notes, rating).
	 */
	public const APPLICATION_FIELDS_WITHOUT_CANDIDATE = array( 'id', 'job_id', 'job_title', 'status', 'applied_at', 'stage_entered_at', 'created_at', 'updated_at' );

	/**
	 * An application as the API shows it, reduced to APPLICATION_FIELDS_WITHOUT_CANDIDATE.
	 *
	 * @param array $application An application as the API or a webhook payload shows it.
	 * @return array
	 */
	public static function application_without_candidate( array $application ): array {
		return array_intersect_key( $application, array_flip( self::APPLICATION_FIELDS_WITHOUT_CANDIDATE ) );
	}

	/**
	 * An application with its rating (the webhook payload's `application`).
	 *
	 * @param array $row Row of the applications table.
	 * @return array
	 */
	public static function application( array $row ): array {
		$id = (int) $row['id'];
		return self::application_fields( $row ) + array( 'rating' => RatingRepository::aggregates( array( $id ) )[ $id ] );
	}

	/**
	 * An application's own fields (everything but the rating, which costs a query).
	 *
	 * @param array $row Row of the applications table.
	 * @return array
	 */
	public static function application_fields( array $row ): array {
		$job    = get_post( (int) $row['job_id'] );
		$state  = ApplicationWriter::state_of( $row );
		$stages = array();
		foreach ( Pipeline::STAGES as $stage ) {
			$stages[ $stage ] = isset( $state['entered'][ $stage ] ) ? Iso8601::format( $state['entered'][ $stage ] ) : null;
		}
		return array(
			'id'                  => (int) $row['id'],
			'job_id'              => (int) $row['job_id'],
			'job_title'           => $job instanceof WP_Post ? $job->post_title : null,
			'external_id'         => null === $row['external_id'] ? null : (string) $row['external_id'],
			'candidate'           => array(
				'name'  => (string) $row['candidate_name'],
				'email' => (string) $row['candidate_email'],
				'phone' => (string) $row['candidate_phone'],
			),
			'source'              => (string) $row['source'],
			'status'              => (string) $row['status'],
			'allowed_transitions' => Pipeline::allowed_targets( (string) $row['status'], $row['reopen_status'] ),
			'reason'              => self::reason( (string) $row['status'], $row['exit_reason'] ),
			'applied_at'          => Iso8601::format( (int) $row['applied_at'] ),
			'stage_entered_at'    => $stages,
			'status_since'        => Iso8601::format( (int) $row['status_since'] ),
		) + self::waiting( $row ) + array(
			'created_at'          => Iso8601::format( (int) $row['created_at'] ),
			'updated_at'          => Iso8601::format( (int) $row['updated_at'] ),
		);
	}

	/**
	 * How long an open application has waited in its status and whether that is past the stage's threshold
	 * (Domain\TimeInStage; null for hired, rejected and withdrawn).
	 *
	 * @param array $row Row of the applications table.
	 * @return array{days_in_stage:int|null,stale:bool|null}
	 */
	private static function waiting( array $row ): array {
		if ( ! in_array( $row['status'], TimeInStage::OPEN, true ) ) {
			return array(
				'days_in_stage' => null,
				'stale'         => null,
			);
		}
		$now      = time();
		$timezone = wp_timezone();
		$since    = (int) $row['status_since'];
		return array(
			'days_in_stage' => TimeInStage::days( $since, $now, $timezone ),
			'stale'         => $since <= TimeInStage::stale_cutoffs( (array) Settings::get( 'stale_days' ), $now, $timezone )[ $row['status'] ],
		);
	}

	/**
	 * The status history of one application, oldest first.
	 *
	 * @param int $application_id Application id.
	 * @return array[]
	 */
	public static function history( int $application_id ): array {
		$rows = ApplicationRepository::history( $application_id );
		self::prime_users( array_map( static fn( $row ) => (int) $row['user_id'], $rows ) );
		return array_map(
			static fn( $row ) => array(
				'id'   => (int) $row['id'],
				'from' => $row['from_status'],
				'to'   => (string) $row['to_status'],
				'at'   => Iso8601::format( (int) $row['changed_at'] ),
				'user' => self::user( (int) $row['user_id'] ),
				'note'   => null === $row['note'] || '' === $row['note'] ? null : (string) $row['note'],
				'reason' => self::reason( (string) $row['to_status'], $row['reason'] ),
			),
			$rows
		);
	}

	/**
	 * A rejection or withdrawal reason as the API shows it: its id and its label now (Data\Reasons).
	 *
	 * @param string      $status The status the reason was given for.
	 * @param string|null $id     The stored id.
	 * @return array{id:string,label:string}|null
	 */
	public static function reason( string $status, ?string $id ): ?array {
		$label = Reasons::label( $status, $id );
		return null === $label ? null : array(
			'id'    => (string) $id,
			'label' => $label,
		);
	}

	// ---------------------------------------------------------------- notes.

	/**
	 * A note.
	 *
	 * @param array $row Row of the notes table.
	 * @return array
	 */
	public static function note( array $row ): array {
		return array(
			'id'             => (int) $row['id'],
			'application_id' => (int) $row['application_id'],
			'content'        => (string) $row['content'],
			'author'         => self::user( (int) $row['user_id'] ),
			'created_at'     => Iso8601::format( (int) $row['created_at'] ),
		);
	}

	// ---------------------------------------------------------------- users.

	/**
	 * Loads users with one query.
	 *
	 * @param int[] $ids User ids.
	 */
	public static function prime_users( array $ids ): void {
		$ids = array_values( array_diff( array_unique( array_filter( array_map( 'intval', $ids ) ) ), array_keys( self::$users ) ) );
		if ( $ids ) {
			cache_users( $ids );
		}
	}

	/**
	 * The {id, name} of a user, or null (none, or deleted).
	 *
	 * @param int $id User id.
	 * @return array|null
	 */
	public static function user( int $id ): ?array {
		if ( $id <= 0 ) {
			return null;
		}
		if ( ! array_key_exists( $id, self::$users ) ) {
			$user               = get_userdata( $id );
			self::$users[ $id ] = $user ? array(
				'id'   => $id,
				'name' => (string) $user->display_name,
			) : null;
		}
		return self::$users[ $id ];
	}
}
