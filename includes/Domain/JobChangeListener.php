<?php
/**
 * Job changes made outside the REST API — the classic Jobs screen in wp-admin, Quick Edit, bulk trash, other
 * plugins — emit the same domain events as the API (job.created, job.updated, job.deleted) and the report-cache
 * signal. The API's own writes and imports run suppressed (they emit their events themselves, or none at all).
 * A deleted job's event carries the job as it was; how a job is represented is given by whoever registers the
 * listener (Plugin: the API's representation, Data\Presenter::job), so the domain depends on no storage or API.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Domain;

use WP_Post;

defined( 'ABSPATH' ) || exit;

/**
 * Job changes made outside the REST API — the classic Jobs screen in wp-admin, Quick Edit, bulk trash, other plugins — emit the same domain events as the API (job.created, job.updated, job.deleted) and the report-cache signal.
 */
final class JobChangeListener {

	/**
	 * Suppressed.
	 *
	 * @var int
	 */
	private static int $suppressed = 0;

	/**
	 * Jobs as they were just before being trashed.
	 *
	 * @var array<int,array>
	 */
	private static array $trashing = array();

	/**
	 * Represents a job for a job.deleted payload.
	 *
	 * @var callable(WP_Post):array
	 */
	private static $represent;

	/**
	 * Hooks into the post lifecycle of jobs.
	 *
	 * @param callable $represent A job (WP_Post) as the event payload shows it.
	 */
	public static function register( callable $represent ): void {
		self::$represent = $represent;
		add_action( 'transition_post_status', array( self::class, 'transition' ), 10, 3 );
		add_action( 'wp_trash_post', array( self::class, 'before_trash' ) );
		add_action( 'before_delete_post', array( self::class, 'before_delete' ), 10, 2 );
	}

	/**
	 * Runs $work without emitting job events from WordPress's post hooks.
	 *
	 * @param callable $work Work.
	 * @return mixed Its result.
	 */
	public static function suppress( callable $work ) {
		++self::$suppressed;
		try {
			return $work();
		} finally {
			--self::$suppressed;
		}
	}

	/**
	 * Emits job events for a job's status change made outside the API.
	 *
	 * @param string  $new_status New status.
	 * @param string  $old_status Old status.
	 * @param WP_Post $post       Post.
	 */
	public static function transition( $new_status, $old_status, $post ): void {
		if ( self::$suppressed || ! $post instanceof WP_Post || JobPostType::POST_TYPE !== $post->post_type ) {
			return;
		}
		if ( in_array( $new_status, array( 'auto-draft', 'inherit' ), true ) ) {
			return;
		}
		if ( 'trash' === $new_status ) {
			if ( 'trash' !== $old_status ) {
				$job = self::$trashing[ (int) $post->ID ] ?? null;
				unset( self::$trashing[ (int) $post->ID ] );
				self::emit( Events::JOB_DELETED, (int) $post->ID, $job );
			}
			return;
		}
		$created = in_array( $old_status, array( 'new', 'auto-draft', 'trash' ), true );
		self::emit( $created ? Events::JOB_CREATED : Events::JOB_UPDATED, (int) $post->ID, null );
	}

	/**
	 * Remembers a job before it is trashed, for its event.
	 *
	 * @param int $post_id Post id.
	 */
	public static function before_trash( $post_id ): void {
		$post = get_post( (int) $post_id );
		if ( ! self::$suppressed && $post instanceof WP_Post && JobPostType::POST_TYPE === $post->post_type ) {
			self::$trashing[ (int) $post->ID ] = ( self::$represent )( $post );
		}
	}

	/**
	 * Remembers a job before it is deleted, for its event.
	 *
	 * @param int     $post_id Post id.
	 * @param WP_Post $post    Post.
	 */
	public static function before_delete( $post_id, $post = null ): void {
		$post = $post instanceof WP_Post ? $post : get_post( (int) $post_id );
		if ( self::$suppressed || ! $post instanceof WP_Post || JobPostType::POST_TYPE !== $post->post_type ) {
			return;
		}
		if ( in_array( $post->post_status, array( 'trash', 'auto-draft' ), true ) ) {
			return; // Its job.deleted went out when it was trashed (or it never was a job).
		}
		self::emit( Events::JOB_DELETED, (int) $post->ID, ( self::$represent )( $post ) );
	}

	/**
	 * Emits one job event and the data-changed signal.
	 *
	 * @param string     $event  Event.
	 * @param int        $job_id Job id.
	 * @param array|null $job    Job.
	 */
	private static function emit( string $event, int $job_id, ?array $job ): void {
		$payload = array( 'job_id' => $job_id );
		if ( null !== $job ) {
			$payload['job'] = $job;
		}
		Events::emit( $event, $payload );
		Events::data_changed();
	}
}
