<?php
/**
 * Validates a whole import batch before anything is written, collecting every problem with its path
 * (for example `applications[3].history[1].at`), and normalises the valid records.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Import;

use RecruitingReports\Data\JobRepository;
use RecruitingReports\Data\Reasons;
use RecruitingReports\Data\Source;
use RecruitingReports\Domain\ExternalId;
use RecruitingReports\Domain\Iso8601;
use RecruitingReports\Domain\JobDetails;
use RecruitingReports\Domain\JobPostType;
use RecruitingReports\Domain\Pipeline;
use RecruitingReports\Domain\TextFields;

defined( 'ABSPATH' ) || exit;

/**
 * Validates a whole import batch before anything is written, collecting every problem with its path (for example `applications[3].history[1].at`), and normalises the valid records.
 */
final class ImportValidator {

	public const MAX_JOBS         = 1000;
	public const MAX_APPLICATIONS = 10000;
	/** History entries per application; real pipelines have a handful. */
	public const MAX_HISTORY = 100;

	/**
	 * Path => message.
	 *
	 * @var array<string,string>
	 */
	private array $errors = array();

	/**
	 * Validates a whole import body; the normalised batch, or null with errors() set.
	 *
	 * @param mixed $body    Decoded JSON body.
	 * @param bool  $limited Whether the per-request limits apply (MAX_JOBS, MAX_APPLICATIONS). WP-CLI
	 *                       validates a whole file of any size at once, then writes it in batches of those limits.
	 * @return array{jobs:array,applications:array}|null Normalised batch, or null when errors() is not empty.
	 */
	public function validate( $body, bool $limited = true ): ?array {
		$this->errors = array();
		if ( ! is_array( $body ) || ( $body && array_is_list( $body ) ) ) {
			$this->error( 'body', __( 'The body must be a JSON object with "jobs" and/or "applications" arrays.', 'recruiting-reports' ) );
			return null;
		}
		$jobs_in = $this->list_field( $body, 'jobs', $limited ? self::MAX_JOBS : PHP_INT_MAX );
		$apps_in = $this->list_field( $body, 'applications', $limited ? self::MAX_APPLICATIONS : PHP_INT_MAX );
		if ( ! $this->errors && ! $jobs_in && ! $apps_in ) {
			$this->error( 'body', __( 'Nothing to import: give at least one job or application.', 'recruiting-reports' ) );
		}
		if ( $this->errors ) {
			return null;
		}

		$now  = time() + 300; // Clock skew between the source system and this server.
		$jobs = array();
		$seen = array();
		foreach ( $jobs_in as $i => $job ) {
			$normalised = $this->job( "jobs[$i]", $job, $now );
			if ( null === $normalised ) {
				continue;
			}
			if ( isset( $seen[ ExternalId::key( $normalised['external_id'] ) ] ) ) {
				$this->error( "jobs[$i].external_id", __( 'Duplicate external_id in this batch.', 'recruiting-reports' ) );
				continue;
			}
			$seen[ ExternalId::key( $normalised['external_id'] ) ] = true;
			$jobs[ $i ] = $normalised;
		}

		// Job references: an external id in this batch or already imported, or an existing job id.
		$referenced = array();
		foreach ( $apps_in as $app ) {
			if ( is_array( $app ) && isset( $app['job'] ) && ( is_string( $app['job'] ) || is_int( $app['job'] ) ) && ! isset( $seen[ ExternalId::key( (string) $app['job'] ) ] ) ) {
				$referenced[] = (string) $app['job'];
			}
		}
		$known_external = JobRepository::ids_for_external_ids( $referenced );

		$apps      = array();
		$seen_apps = array();
		foreach ( $apps_in as $i => $app ) {
			$normalised = $this->application( "applications[$i]", $app, $now, $seen, $known_external );
			if ( null === $normalised ) {
				continue;
			}
			if ( isset( $seen_apps[ ExternalId::key( $normalised['external_id'] ) ] ) ) {
				$this->error( "applications[$i].external_id", __( 'Duplicate external_id in this batch.', 'recruiting-reports' ) );
				continue;
			}
			$seen_apps[ ExternalId::key( $normalised['external_id'] ) ] = true;
			$apps[ $i ] = $normalised;
		}

		return $this->errors ? null : array(
			'jobs'         => array_values( $jobs ),
			'applications' => array_values( $apps ),
		);
	}

	/**
	 * Every problem found, path => message.
	 *
	 * @return array<string,string> path => message
	 */
	public function errors(): array {
		return $this->errors;
	}

	/**
	 * Records a problem at a path.
	 *
	 * @param string $path    Path.
	 * @param string $message Message.
	 */
	private function error( string $path, string $message ): void {
		if ( ! isset( $this->errors[ $path ] ) ) {
			$this->errors[ $path ] = $message;
		}
	}

	/**
	 * A list field of the body (jobs or applications), checked for type and size.
	 *
	 * @param array  $body Body.
	 * @param string $name Name.
	 * @param int    $max  Max.
	 */
	private function list_field( array $body, string $name, int $max ): array {
		if ( ! array_key_exists( $name, $body ) || null === $body[ $name ] ) {
			return array();
		}
		if ( ! is_array( $body[ $name ] ) || ! array_is_list( $body[ $name ] ) ) {
			/* translators: %s: field name. */
			$this->error( $name, sprintf( __( '"%s" must be an array.', 'recruiting-reports' ), $name ) );
			return array();
		}
		if ( count( $body[ $name ] ) > $max ) {
			/* translators: 1: field name, 2: maximum count. */
			$this->error( $name, sprintf( __( 'At most %2$d %1$s per request; split the import into batches.', 'recruiting-reports' ), $name, $max ) );
			return array();
		}
		return $body[ $name ];
	}

	/**
	 * A record's external id, checked.
	 *
	 * @param string $path   Path.
	 * @param array  $record Record.
	 */
	private function external_id( string $path, array $record ): ?string {
		$value = $record['external_id'] ?? null;
		if ( is_int( $value ) ) {
			$value = (string) $value;
		}
		if ( ! is_string( $value ) || '' === trim( $value ) || strlen( $value ) > 191 || mb_strlen( ExternalId::key( $value ) ) > 191 || ! mb_check_encoding( $value, 'UTF-8' ) ) {
			$this->error( "$path.external_id", __( 'Required: a non-empty string of at most 191 bytes.', 'recruiting-reports' ) );
			return null;
		}
		return $value;
	}

	/**
	 * A free-text field, cleaned by the same rule as the REST API's writes (TextFields) before it is validated.
	 *
	 * @param string $path     Path of the record.
	 * @param array  $record   The record.
	 * @param string $field    Key in the record.
	 * @param bool   $required Whether it must be non-empty.
	 * @param int    $max      Maximum length (characters).
	 * @param string $rule     TextFields field name (default: $field).
	 * @return string|null Null when invalid (the error is recorded).
	 */
	private function text( string $path, array $record, string $field, bool $required, int $max, string $rule = '' ): ?string {
		$value = $record[ $field ] ?? null;
		if ( null === $value && ! $required ) {
			return '';
		}
		if ( is_string( $value ) && ! mb_check_encoding( $value, 'UTF-8' ) ) {
			/* translators: %d: maximum length. */
			$this->error( "$path.$field", sprintf( __( 'Must be valid UTF-8 of at most %d characters.', 'recruiting-reports' ), $max ) );
			return null;
		}
		$value = is_string( $value ) ? TextFields::clean( '' === $rule ? $field : $rule, $value ) : $value;
		if ( ! is_string( $value ) || ( $required && '' === trim( $value ) ) ) {
			$this->error(
				"$path.$field",
				$required ? __( 'Required: a non-empty string.', 'recruiting-reports' ) : __( 'Must be a string.', 'recruiting-reports' )
			);
			return null;
		}
		if ( mb_strlen( $value ) > $max ) {
			/* translators: %d: maximum length. */
			$this->error( "$path.$field", sprintf( __( 'Must be valid UTF-8 of at most %d characters.', 'recruiting-reports' ), $max ) );
			return null;
		}
		return $value;
	}

	/**
	 * An ISO 8601 instant field as unix seconds, checked against now.
	 *
	 * @param string $path     Path.
	 * @param mixed  $value    Value.
	 * @param int    $now      Now.
	 * @param bool   $required Required.
	 */
	private function instant( string $path, $value, int $now, bool $required ): ?int {
		if ( null === $value && ! $required ) {
			return null;
		}
		$timestamp = Iso8601::parse( $value );
		if ( null === $timestamp ) {
			$this->error( $path, __( 'Must be an ISO 8601 date-time with an offset, for example 2025-01-05T10:00:00Z.', 'recruiting-reports' ) );
			return null;
		}
		if ( $timestamp > $now ) {
			$this->error( $path, __( 'Must not be in the future.', 'recruiting-reports' ) );
			return null;
		}
		return $timestamp;
	}

	/**
	 * One job record, normalised, or null when invalid.
	 *
	 * @param string $path Path.
	 * @param mixed  $job  Job.
	 * @param int    $now  Now.
	 */
	private function job( string $path, $job, int $now ): ?array {
		if ( ! is_array( $job ) || array_is_list( $job ) ) {
			$this->error( $path, __( 'Must be an object.', 'recruiting-reports' ) );
			return null;
		}
		$before      = count( $this->errors );
		$external_id = $this->external_id( $path, $job );
		$title       = $this->text( $path, $job, 'title', true, 255 );
		$fields      = array();
		foreach ( array(
			'description'     => 65535,
			'department'      => 200,
			'location'        => 200,
			'employment_type' => 100,
		) as $field => $max ) {
			$fields[ $field ] = $this->text( $path, $job, $field, false, $max );
		}
		$status = $job['status'] ?? 'draft';
		if ( ! in_array( $status, JobPostType::STATUSES, true ) ) {
			/* translators: %s: allowed values. */
			$this->error( "$path.status", sprintf( __( 'Must be one of: %s.', 'recruiting-reports' ), implode( ', ', JobPostType::STATUSES ) ) );
		}
		$created_at = $this->instant( "$path.created_at", $job['created_at'] ?? null, $now, false );
		// Details are written only when the record gives them: a re-import that leaves them out keeps them.
		foreach ( array_intersect( JobDetails::FIELDS, array_keys( $job ) ) as $field ) {
			$value = JobDetails::validate( $field, $job[ $field ] );
			if ( is_wp_error( $value ) ) {
				$this->error( "$path.$field", $value->get_error_message() );
				continue;
			}
			$fields[ $field ] = $value;
		}
		if ( count( $this->errors ) > $before ) {
			return null;
		}
		return array_merge(
			$fields,
			array(
				'external_id' => $external_id,
				'title'       => $title,
				'status'      => $status,
			),
			null === $created_at ? array() : array( 'created_at' => $created_at )
		);
	}

	/**
	 * One application record, normalised, or null when invalid.
	 *
	 * @param string $path           Path.
	 * @param mixed  $app            App.
	 * @param int    $now            Now.
	 * @param array  $batch_jobs     Batch jobs.
	 * @param array  $known_external Known external.
	 */
	private function application( string $path, $app, int $now, array $batch_jobs, array $known_external ): ?array {
		if ( ! is_array( $app ) || array_is_list( $app ) ) {
			$this->error( $path, __( 'Must be an object.', 'recruiting-reports' ) );
			return null;
		}
		$before      = count( $this->errors );
		$external_id = $this->external_id( $path, $app );
		$job_ref     = $this->job_reference( $path, $app, $batch_jobs, $known_external );

		$candidate = $app['candidate'] ?? null;
		$name      = null;
		$email     = null;
		$phone     = null;
		if ( ! is_array( $candidate ) || array_is_list( $candidate ) ) {
			$this->error( "$path.candidate", __( 'Required: an object with name and email.', 'recruiting-reports' ) );
		} else {
			$name  = $this->text( "$path.candidate", $candidate, 'name', true, 255, 'candidate_name' );
			$phone = $this->text( "$path.candidate", $candidate, 'phone', false, 64, 'candidate_phone' );
			$email = is_string( $candidate['email'] ?? null ) ? TextFields::clean( 'candidate_email', $candidate['email'] ) : null;
			if ( ! is_string( $email ) || strlen( $email ) > 255 || ! is_email( $email ) ) {
				$this->error( "$path.candidate.email", __( 'Required: a valid email address.', 'recruiting-reports' ) );
			}
		}

		$source = Source::normalize( $app['source'] ?? null );
		if ( is_wp_error( $source ) ) {
			$this->error( "$path.source", $source->get_error_message() );
		}

		$applied_at = $this->instant( "$path.applied_at", $app['applied_at'] ?? null, $now, true );
		$history    = $this->history( $path, $app['history'] ?? array(), $applied_at, $now );

		if ( count( $this->errors ) > $before ) {
			return null;
		}
		return array(
			'external_id'     => $external_id,
			'job'             => $job_ref,
			'candidate_name'  => $name,
			'candidate_email' => $email,
			'candidate_phone' => $phone,
			'source'          => $source,
			'applied_at'      => $applied_at,
			'history'         => $history,
		);
	}

	/**
	 * An application's job, by job_id or by external id (in this batch or earlier).
	 *
	 * @param string $path           Path.
	 * @param array  $app            App.
	 * @param array  $batch_jobs     Batch jobs.
	 * @param array  $known_external Known external.
	 * @return array{external?:string,id?:int}|null
	 */
	private function job_reference( string $path, array $app, array $batch_jobs, array $known_external ): ?array {
		$has_ref = array_key_exists( 'job', $app );
		$has_id  = array_key_exists( 'job_id', $app );
		if ( $has_ref === $has_id ) {
			$this->error( "$path.job", __( 'Give exactly one of "job" (a job external_id) or "job_id" (an existing job id).', 'recruiting-reports' ) );
			return null;
		}
		if ( $has_ref ) {
			$ref = $app['job'];
			if ( ! is_string( $ref ) && ! is_int( $ref ) ) {
				$this->error( "$path.job", __( 'Must be a job external_id (string).', 'recruiting-reports' ) );
				return null;
			}
			$ref = (string) $ref;
			if ( ! isset( $batch_jobs[ ExternalId::key( $ref ) ] ) && ! isset( $known_external[ ExternalId::key( $ref ) ] ) ) {
				/* translators: %s: external id. */
				$this->error( "$path.job", sprintf( __( 'No job with external_id "%s" in this batch or an earlier import.', 'recruiting-reports' ), $ref ) );
				return null;
			}
			return array( 'external' => $ref );
		}
		$id = $app['job_id'];
		if ( ! is_int( $id ) || $id <= 0 ) {
			$this->error( "$path.job_id", __( 'Must be a positive integer.', 'recruiting-reports' ) );
			return null;
		}
		if ( ! JobRepository::get( $id ) ) {
			/* translators: %d: job id. */
			$this->error( "$path.job_id", sprintf( __( 'No job with id %d.', 'recruiting-reports' ), $id ) );
			return null;
		}
		return array( 'id' => $id );
	}

	/**
	 * A history entry's reason: the id of a rejection or withdrawal reason (retired ones too), on an entry to that
	 * status only.
	 *
	 * @param string $path   Path.
	 * @param mixed  $status The entry's status.
	 * @param mixed  $reason The reason given.
	 */
	private function reason( string $path, $status, $reason ): bool {
		if ( ! is_string( $status ) || ! isset( Reasons::LISTS[ $status ] ) ) {
			$this->error( $path, __( 'A reason is given only on an entry to rejected or withdrawn.', 'recruiting-reports' ) );
			return false;
		}
		if ( ! is_string( $reason ) || ! Reasons::known( $status, $reason ) ) {
			/* translators: 1: rejected or withdrawn, 2: the setting's name. */
			$this->error( $path, sprintf( __( 'Must be the id of a %1$s reason (setting %2$s).', 'recruiting-reports' ), $status, Reasons::LISTS[ $status ] ) );
			return false;
		}
		return true;
	}

	/**
	 * An application's status history, checked against the pipeline rules.
	 *
	 * @param string   $path       Path.
	 * @param mixed    $history    History.
	 * @param int|null $applied_at Applied at.
	 * @param int      $now        Now.
	 * @return array<int,array{status:string,at:int,reason:?string}>|null
	 */
	private function history( string $path, $history, ?int $applied_at, int $now ): ?array {
		if ( ! is_array( $history ) || ( $history && ! array_is_list( $history ) ) ) {
			$this->error( "$path.history", __( 'Must be an array of {status, at} objects.', 'recruiting-reports' ) );
			return null;
		}
		if ( count( $history ) > self::MAX_HISTORY ) {
			/* translators: %d: maximum count. */
			$this->error( "$path.history", sprintf( __( 'At most %d entries.', 'recruiting-reports' ), self::MAX_HISTORY ) );
			return null;
		}
		$changes  = array();
		$previous = $applied_at;
		$valid    = true;
		foreach ( $history as $j => $entry ) {
			$entry_path = "$path.history[$j]";
			if ( ! is_array( $entry ) || array_is_list( $entry ) ) {
				$this->error( $entry_path, __( 'Must be an object with "status" and "at".', 'recruiting-reports' ) );
				$valid = false;
				continue;
			}
			$status = $entry['status'] ?? null;
			if ( ! Pipeline::is_status( $status ) ) {
				/* translators: %s: allowed values. */
				$this->error( "$entry_path.status", sprintf( __( 'Must be one of: %s.', 'recruiting-reports' ), implode( ', ', Pipeline::STATUSES ) ) );
				$valid = false;
			}
			$at = $this->instant( "$entry_path.at", $entry['at'] ?? null, $now, true );
			if ( null === $at ) {
				$valid = false;
				continue;
			}
			if ( null !== $applied_at && $at < $applied_at ) {
				$this->error( "$entry_path.at", __( 'Must not be before applied_at.', 'recruiting-reports' ) );
				$valid = false;
			} elseif ( null !== $previous && $at < $previous ) {
				$this->error( "$entry_path.at", __( 'History must be chronological: this entry is earlier than the one before it.', 'recruiting-reports' ) );
				$valid = false;
			}
			$reason = $entry['reason'] ?? null;
			if ( null !== $reason && ! $this->reason( "$entry_path.reason", $status, $reason ) ) {
				$valid = false;
			}
			$previous  = max( (int) $previous, $at );
			$changes[] = array(
				'status' => (string) $status,
				'at'     => $at,
				'reason' => null === $reason ? null : (string) $reason,
			);
		}
		if ( ! $valid || null === $applied_at ) {
			return null;
		}
		$replay = Pipeline::replay( $applied_at, $changes );
		if ( null !== $replay['error_index'] ) {
			$index = $replay['error_index'];
			$this->error(
				"$path.history[$index].status",
				sprintf(
					/* translators: 1: requested status, 2: allowed statuses. */
					__( 'Transition to "%1$s" is not allowed here. Allowed: %2$s.', 'recruiting-reports' ),
					$changes[ $index ]['status'],
					$replay['allowed'] ? implode( ', ', $replay['allowed'] ) : __( 'none (hired is final)', 'recruiting-reports' )
				)
			);
			return null;
		}
		return $changes;
	}
}
