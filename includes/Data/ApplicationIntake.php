<?php
/**
 * The one way in for a new application, whoever submits it — `POST /applications` (a job board's software) and the
 * site's own apply form (Careers\ApplySubmission): the same rules (an open job, a name, an address, the source)
 * and the same writer (ApplicationWriter, so `application.created` webhooks, the report summaries and their cache
 * follow), in one transaction.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Data;

use RecruitingReports\Auth\Access;
use RecruitingReports\Domain\JobDetails;
use RecruitingReports\Domain\TextFields;
use WP_Error;

defined( 'ABSPATH' ) || exit;

/**
 * Validates and writes new applications.
 */
final class ApplicationIntake {

	/**
	 * The fields ApplicationWriter::create() takes, cleaned and checked.
	 *
	 * @param int   $job_id    The job applied to.
	 * @param array $candidate name, email, phone (optional).
	 * @param mixed $source    The raw source (Source::normalize()).
	 * @return array|WP_Error 404 resource_not_found for an unknown job; 400 rest_invalid_param with `params` naming
	 *                        the request's field (the first problem) and `fields` listing every wrong candidate field
	 *                        (name, email) for the apply form.
	 */
	public static function prepare( int $job_id, array $candidate, $source ) {
		$job = JobRepository::get( $job_id );
		if ( ! $job ) {
			return new WP_Error( 'resource_not_found', __( 'Job not found.', 'recruiting-reports' ), array( 'status' => 404 ) );
		}
		if ( 'publish' !== $job->post_status ) {
			return self::invalid( 'job_id', __( 'The job is not published, so it does not accept applications.', 'recruiting-reports' ) );
		}
		if ( ! JobDetails::is_open( $job->post_status, JobRepository::details( $job_id )['valid_through'] ) ) {
			return self::invalid( 'job_id', __( 'The job\'s closing date has passed, so it no longer accepts applications.', 'recruiting-reports' ) );
		}
		$name  = TextFields::clean( 'candidate_name', (string) ( $candidate['name'] ?? '' ) );
		$email = TextFields::clean( 'candidate_email', (string) ( $candidate['email'] ?? '' ) );
		$phone = TextFields::clean( 'candidate_phone', (string) ( $candidate['phone'] ?? '' ) );
		$wrong = array_filter(
			array(
				'name'  => '' === $name ? __( 'candidate.name must not be empty.', 'recruiting-reports' ) : null,
				'email' => is_email( $email ) ? null : __( 'candidate.email must be a valid email address.', 'recruiting-reports' ),
			)
		);
		if ( $wrong ) {
			return self::invalid( 'candidate', reset( $wrong ), array_keys( $wrong ) );
		}
		$source = Source::normalize( $source );
		if ( is_wp_error( $source ) ) {
			return $source;
		}
		return array(
			'source'          => $source,
			'job_id'          => $job_id,
			'candidate_name'  => $name,
			'candidate_email' => $email,
			'candidate_phone' => $phone,
		);
	}

	/**
	 * Writes a prepared application and, in the same transaction, whatever the caller stores beside it.
	 *
	 * @param array         $fields Prepared fields (prepare()), with an external_id when given.
	 * @param callable|null $beside Called with the new id inside the transaction; false rolls everything back.
	 * @return int|WP_Error The application's id, or 500 internal_error (nothing stored).
	 */
	public static function save( array $fields, ?callable $beside = null ) {
		return Transaction::run(
			static function () use ( $fields, $beside ) {
				$id = ApplicationWriter::create( $fields, Access::user_id() );
				if ( is_wp_error( $id ) || ( $beside && false === $beside( $id ) ) ) {
					return new WP_Error( 'internal_error', __( 'The application could not be saved.', 'recruiting-reports' ), array( 'status' => 500 ) );
				}
				return $id;
			}
		);
	}

	/**
	 * A refusal of prepare() in the API's error shape (`status` and `params` only: the candidate's field is for the
	 * apply form).
	 *
	 * @param WP_Error $error From prepare().
	 */
	public static function as_api_error( WP_Error $error ): WP_Error {
		$data = (array) $error->get_error_data();
		unset( $data['fields'] );
		return new WP_Error( $error->get_error_code(), $error->get_error_message(), $data );
	}

	/**
	 * A 400 naming the request's field (and the candidate's, for the apply form).
	 *
	 * @param string   $param   The request's field.
	 * @param string   $message What is wrong.
	 * @param string[] $fields  The candidate's wrong fields.
	 */
	private static function invalid( string $param, string $message, array $fields = array() ): WP_Error {
		return new WP_Error(
			'rest_invalid_param',
			$message,
			array_filter(
				array(
					'status' => 400,
					'params' => (object) array( $param => $message ),
					'fields' => $fields,
				)
			)
		);
	}
}
