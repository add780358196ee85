<?php
/**
 * Reads and writes jobs (posts of JobPostType) with their meta fields.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Data;

use RecruitingReports\Domain\ExternalId;
use RecruitingReports\Domain\JobPostType;
use WP_Error;
use WP_Post;
use WP_Query;

defined( 'ABSPATH' ) || exit;

/**
 * Reads and writes jobs (posts of JobPostType) with their meta fields.
 */
final class JobRepository {

	/** Meta fields of a job: API field => meta key. */
	public const META = array(
		'department'          => '_recruiting_department',
		'location'            => '_recruiting_location',
		'employment_type'     => '_recruiting_employment_type',
		'external_id'         => '_recruiting_external_id',
		'street_address'      => '_recruiting_street_address',
		'city'                => '_recruiting_city',
		'region'              => '_recruiting_region',
		'postal_code'         => '_recruiting_postal_code',
		'country'             => '_recruiting_country',
		'remote'              => '_recruiting_remote',
		'applicant_locations' => '_recruiting_applicant_locations',
		'salary'              => '_recruiting_salary',
		// Unix seconds, so the expiry cron can compare it numerically.
		'valid_through'       => '_recruiting_valid_through',
		'contact_email'       => '_recruiting_contact_email',
	);

	/** Case-folded external id (ExternalId::key), the meta that lookups use. */
	public const EXTERNAL_KEY_META = '_recruiting_external_key';

	/**
	 * A job that is not trashed.
	 *
	 * @param int $id Job id.
	 * @return WP_Post|null
	 */
	public static function get( int $id ): ?WP_Post {
		$post = $id > 0 ? get_post( $id ) : null;
		return ( $post instanceof WP_Post && JobPostType::POST_TYPE === $post->post_type && 'trash' !== $post->post_status && 'auto-draft' !== $post->post_status ) ? $post : null;
	}

	/** Orders a list may take: API name => WP_Query orderby. */
	public const ORDERS = array(
		'created_at' => 'date',
		'updated_at' => 'modified',
		'title'      => 'title',
		'id'         => 'ID',
	);

	/**
	 * One page of jobs (not trashed).
	 *
	 * @param array $filters  statuses (string[]), search (title and description), orderby (a key of ORDERS), order.
	 * @param int   $page     Page (from 1).
	 * @param int   $per_page Items per page.
	 * @return array{posts:WP_Post[],total:int}
	 */
	public static function query( array $filters, int $page, int $per_page ): array {
		$order = 'asc' === ( $filters['order'] ?? '' ) ? 'ASC' : 'DESC';
		$args  = array(
			'post_type'           => JobPostType::POST_TYPE,
			'post_status'         => $filters['statuses'],
			's'                   => (string) ( $filters['search'] ?? '' ),
			'posts_per_page'      => $per_page,
			'paged'               => $page,
			'orderby'             => array(
				self::ORDERS[ $filters['orderby'] ?? '' ] ?? 'date' => $order,
				'ID' => $order,
			),
			'ignore_sticky_posts' => true,
		);
		$query = new WP_Query( $args );
		$total = (int) $query->found_posts;
		if ( ! $query->posts && $page > 1 ) {
			// WordPress does not count the matches when the page is past the end: count them.
			$count = new WP_Query(
				array_merge(
					$args,
					array(
						'paged'          => 1,
						'posts_per_page' => 1,
						'fields'         => 'ids',
					)
				)
			);
			$total = (int) $count->found_posts;
		}
		// WordPress reads the matching ids and then the posts: a job trashed in between arrives with its new status.
		$statuses = (array) $args['post_status'];
		return array(
			'posts' => array_values( array_filter( $query->posts, static fn( $post ) => $post instanceof WP_Post && in_array( $post->post_status, $statuses, true ) ) ),
			'total' => $total,
		);
	}

	/**
	 * The job with its row locked until the current transaction ends, so that a concurrent update or trash of
	 * the same job waits for this write instead of interleaving with it (SELECT … FOR UPDATE on MySQL/MariaDB;
	 * WordPress's SQLite integration drops the locking clause, SQLite lets one writer at a time in anyway). Read
	 * after the lock, from the database (not the object cache), so the check sees the last committed state.
	 *
	 * @param int $id Job id.
	 * @return WP_Post|null Null when the job does not exist or is in the trash.
	 */
	public static function lock( int $id ): ?WP_Post {
		global $wpdb;
		if ( $id <= 0 || ! $wpdb->get_var( $wpdb->prepare( 'SELECT ID FROM %i WHERE ID = %d AND post_type = %s FOR UPDATE', $wpdb->posts, $id, JobPostType::POST_TYPE ) ) ) {
			return null;
		}
		clean_post_cache( $id );
		return self::get( $id );
	}

	/**
	 * Moves a job to the trash, under the row lock (see lock()).
	 *
	 * @param int $id Job id.
	 * @return WP_Post|WP_Error The job as it was before, or resource_not_found when it is gone already.
	 */
	public static function trash( int $id ) {
		$post = self::lock( $id );
		if ( ! $post ) {
			return self::not_found();
		}
		if ( ! wp_trash_post( $id ) ) {
			return new WP_Error( 'internal_error', __( 'The job could not be deleted.', 'recruiting-reports' ), array( 'status' => 500 ) );
		}
		return $post;
	}

	/**
	 * Job ids for external ids.
	 *
	 * @param string[] $external_ids External ids.
	 * @return array<string,int> ExternalId::key( external id ) => job id
	 */
	public static function ids_for_external_ids( array $external_ids ): array {
		global $wpdb;
		$external_ids = array_values( array_unique( array_map( array( ExternalId::class, 'key' ), array_map( 'strval', $external_ids ) ) ) );
		if ( ! $external_ids ) {
			return array();
		}
		$rows = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT m.meta_value AS external_id, p.ID AS id FROM %i m JOIN %i p ON p.ID = m.post_id WHERE m.meta_key = %s AND p.post_type = %s AND p.post_status <> 'trash' AND m.meta_value IN (" . implode( ',', array_fill( 0, count( $external_ids ), '%s' ) ) . ')',
				array_merge( array( $wpdb->postmeta, $wpdb->posts, self::EXTERNAL_KEY_META, JobPostType::POST_TYPE ), $external_ids )
			),
			ARRAY_A
		);
		$map  = array();
		foreach ( $rows as $row ) {
			$map[ (string) $row['external_id'] ] = (int) $row['id'];
		}
		return $map;
	}

	/**
	 * Creates ($id 0) or updates a job. Fields: title, description, status, department, location,
	 * employment_type, external_id, the details (Domain\JobDetails::FIELDS, as clean() returns them; null deletes),
	 * created_at (unix seconds, creation only or import), author (user id). An
	 * update locks the job first (see lock()): a job trashed meanwhile stays trashed, the update answers 404.
	 *
	 * @param array $fields Fields to write.
	 * @param int   $id     The job to update, 0 to create.
	 * @return int|WP_Error The job id.
	 */
	public static function save( array $fields, int $id = 0 ) {
		if ( $id && ! self::lock( $id ) ) {
			return self::not_found();
		}
		if ( ! $id && ! isset( $fields['created_at'] ) ) {
			$fields['created_at'] = time();
		}
		$post = array(
			'post_type' => JobPostType::POST_TYPE,
		);
		if ( $id ) {
			$post['ID'] = $id;
		}
		if ( isset( $fields['author'] ) ) {
			$post['post_author'] = (int) $fields['author'];
		}
		if ( array_key_exists( 'title', $fields ) ) {
			$post['post_title'] = $fields['title'];
		}
		if ( array_key_exists( 'description', $fields ) ) {
			$post['post_content'] = $fields['description'];
		}
		if ( array_key_exists( 'status', $fields ) ) {
			$post['post_status'] = $fields['status'];
		} elseif ( ! $id ) {
			$post['post_status'] = 'draft';
		}
		if ( isset( $fields['created_at'] ) ) {
			$post['post_date_gmt'] = gmdate( 'Y-m-d H:i:s', (int) $fields['created_at'] );
			$post['post_date']     = get_date_from_gmt( $post['post_date_gmt'] );
			// A draft keeps its date only when told so; otherwise WordPress treats drafts as undated.
			$post['edit_date'] = true;
		}
		$result = $id ? wp_update_post( wp_slash( $post ), true ) : wp_insert_post( wp_slash( $post ), true );
		if ( is_wp_error( $result ) ) {
			return $result;
		}
		self::write_meta( (int) $result, $fields );
		if ( array_key_exists( 'external_id', $fields ) ) {
			update_post_meta( (int) $result, self::EXTERNAL_KEY_META, wp_slash( ExternalId::key( (string) $fields['external_id'] ) ) );
		}
		return (int) $result;
	}

	/**
	 * Writes the meta fields (META) that $fields gives: null deletes, arrays are stored as they are, booleans as
	 * '1' / '0', everything else as a string. Also for the wp-admin editor, which saves them beside core's update.
	 *
	 * @param int   $id     Job id.
	 * @param array $fields API field => value.
	 */
	public static function write_meta( int $id, array $fields ): void {
		foreach ( array_intersect_key( self::META, $fields ) as $field => $meta_key ) {
			$value = $fields[ $field ];
			if ( null === $value ) {
				delete_post_meta( $id, $meta_key );
			} else {
				update_post_meta( $id, $meta_key, wp_slash( is_array( $value ) ? $value : ( is_bool( $value ) ? (string) (int) $value : (string) $value ) ) );
			}
		}
	}

	/**
	 * A job's details (Domain\JobDetails::FIELDS) as the API shows them.
	 *
	 * @param int $id Job id.
	 * @return array
	 */
	public static function details( int $id ): array {
		$meta          = static fn( string $field ) => get_post_meta( $id, self::META[ $field ], true );
		$salary        = $meta( 'salary' );
		$valid_through = $meta( 'valid_through' );
		$details       = array();
		foreach ( array( 'street_address', 'city', 'region', 'postal_code', 'country', 'contact_email' ) as $field ) {
			$details[ $field ] = (string) $meta( $field );
		}
		return array_merge(
			$details,
			array(
				'remote'              => '1' === $meta( 'remote' ),
				'applicant_locations' => array_values( array_map( 'strval', (array) ( $meta( 'applicant_locations' ) ? $meta( 'applicant_locations' ) : array() ) ) ),
				'salary'              => is_array( $salary ) && isset( $salary['currency'], $salary['unit'] ) ? array(
					'min'      => isset( $salary['min'] ) ? (float) $salary['min'] : null,
					'max'      => isset( $salary['max'] ) ? (float) $salary['max'] : null,
					'currency' => (string) $salary['currency'],
					'unit'     => (string) $salary['unit'],
				) : null,
				'valid_through'       => is_numeric( $valid_through ) ? (int) $valid_through : null,
			)
		);
	}

	/**
	 * One page of the jobs that take applications now (published, valid_through not passed), newest first, for the
	 * public job list.
	 *
	 * @param array{search?:string,department?:string,location?:string,employment_type?:string,remote?:bool} $filters
	 *        Filters; empty ones are ignored. location matches the free-text location or the city.
	 * @param int   $page     Page (from 1).
	 * @param int   $per_page Jobs per page.
	 * @return array{posts:WP_Post[],total:int}
	 */
	public static function open_jobs( array $filters, int $page, int $per_page ): array {
		$meta = array(
			'relation' => 'AND',
			array(
				'relation' => 'OR',
				array(
					'key'     => self::META['valid_through'],
					'compare' => 'NOT EXISTS',
				),
				array(
					'key'     => self::META['valid_through'],
					'value'   => time(),
					'compare' => '>',
					'type'    => 'NUMERIC',
				),
			),
		);
		foreach ( array( 'department', 'employment_type' ) as $field ) {
			if ( '' !== (string) ( $filters[ $field ] ?? '' ) ) {
				$meta[] = array(
					'key'   => self::META[ $field ],
					'value' => (string) $filters[ $field ],
				);
			}
		}
		if ( '' !== (string) ( $filters['location'] ?? '' ) ) {
			$meta[] = array(
				'relation' => 'OR',
				array(
					'key'   => self::META['location'],
					'value' => (string) $filters['location'],
				),
				array(
					'key'   => self::META['city'],
					'value' => (string) $filters['location'],
				),
			);
		}
		if ( ! empty( $filters['remote'] ) ) {
			$meta[] = array(
				'key'   => self::META['remote'],
				'value' => '1',
			);
		}
		$query = new WP_Query(
			array(
				'post_type'           => JobPostType::POST_TYPE,
				'post_status'         => 'publish',
				's'                   => (string) ( $filters['search'] ?? '' ),
				'posts_per_page'      => $per_page,
				'paged'               => $page,
				'orderby'             => array(
					'date' => 'DESC',
					'ID'   => 'DESC',
				),
				'ignore_sticky_posts' => true,
				'meta_query'          => $meta, // phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_query -- the list's filters are meta fields.
			)
		);
		return array(
			'posts' => $query->posts,
			'total' => (int) $query->found_posts,
		);
	}

	/**
	 * The values the job list can filter by, among published jobs: departments, places (free-text locations and
	 * cities) and employment types, each sorted, in one query.
	 *
	 * @return array{department:string[],location:string[],employment_type:string[]}
	 */
	public static function filter_values(): array {
		global $wpdb;
		$keys = array( self::META['department'], self::META['location'], self::META['city'], self::META['employment_type'] );
		$rows = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT DISTINCT m.meta_key, m.meta_value FROM %i m JOIN %i p ON p.ID = m.post_id WHERE p.post_type = %s AND p.post_status = 'publish' AND m.meta_value <> '' AND m.meta_key IN (%s, %s, %s, %s)",
				array_merge( array( $wpdb->postmeta, $wpdb->posts, JobPostType::POST_TYPE ), $keys )
			),
			ARRAY_A
		);
		$values = array(
			'department'      => array(),
			'location'        => array(),
			'employment_type' => array(),
		);
		$field  = array_flip( self::META );
		foreach ( $rows as $row ) {
			$name                              = $field[ $row['meta_key'] ];
			$values[ 'city' === $name ? 'location' : $name ][] = (string) $row['meta_value'];
		}
		return array_map(
			static function ( array $list ) {
				$list = array_values( array_unique( $list ) );
				natcasesort( $list );
				return array_values( $list );
			},
			$values
		);
	}

	/**
	 * Published jobs whose valid_through has passed (the expiry cron closes them).
	 *
	 * @param int $now Unix seconds.
	 * @return int[] Job ids.
	 */
	public static function expired_ids( int $now ): array {
		$query = new WP_Query(
			array(
				'post_type'      => JobPostType::POST_TYPE,
				'post_status'    => 'publish',
				'fields'         => 'ids',
				'posts_per_page' => -1,
				'no_found_rows'  => true,
				'meta_query'     => array( // phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_query -- hourly, only jobs with a valid_through.
					array(
						'key'     => self::META['valid_through'],
						'value'   => $now,
						'compare' => '<=',
						'type'    => 'NUMERIC',
					),
				),
			)
		);
		return array_map( 'intval', $query->posts );
	}

	/**
	 * 404 resource_not_found for a job.
	 *
	 * @return WP_Error
	 */
	private static function not_found(): WP_Error {
		return new WP_Error( 'resource_not_found', __( 'Job not found.', 'recruiting-reports' ), array( 'status' => 404 ) );
	}

	/**
	 * The created_at of a job as unix seconds (post_date_gmt is UTC).
	 *
	 * @param WP_Post $post Job.
	 * @return int
	 */
	public static function created_at( WP_Post $post ): int {
		$gmt = '0000-00-00 00:00:00' === $post->post_date_gmt ? get_gmt_from_date( $post->post_date ) : $post->post_date_gmt;
		return (int) strtotime( $gmt . ' UTC' );
	}
}
