<?php
/**
 * The details of a job that candidates and search engines need: where it is (address, remote and where remote
 * applicants may live), what it pays, until when it takes applications, and whom to notify. Their JSON Schema is the
 * one source of the rules: the REST API's job schema includes it (WordPress validates requests against it), the
 * import validates each record's details with it, and clean() adds what a schema cannot say (cleaning text, the
 * salary's minimum not above its maximum, an instant with an offset).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Domain;

use WP_Error;

defined( 'ABSPATH' ) || exit;

/**
 * Job details: schema, cleaning and the vocabulary Google for Jobs uses.
 */
final class JobDetails {

	/** The detail fields, in the order the editor and the API show them. */
	public const FIELDS = array( 'street_address', 'city', 'region', 'postal_code', 'country', 'remote', 'applicant_locations', 'salary', 'valid_through', 'contact_email' );

	/** Salary periods (Google's unitText, lower-cased). */
	public const SALARY_UNITS = array( 'hour', 'day', 'week', 'month', 'year' );

	/**
	 * The employment types the editor offers => Google's employmentType. The API's employment_type stays free text
	 * (existing data); google_employment_type() maps what it can.
	 */
	public const EMPLOYMENT_TYPES = array(
		'full_time'  => 'FULL_TIME',
		'part_time'  => 'PART_TIME',
		'contract'   => 'CONTRACTOR',
		'temporary'  => 'TEMPORARY',
		'internship' => 'INTERN',
		'volunteer'  => 'VOLUNTEER',
		'per_diem'   => 'PER_DIEM',
		'other'      => 'OTHER',
	);

	public const MAX_APPLICANT_LOCATIONS = 20;

	/**
	 * JSON Schema of each detail field (without contexts: the REST controller adds them).
	 *
	 * @return array<string,array>
	 */
	public static function schema(): array {
		$text = static fn( string $description, int $max ) => array(
			'description' => $description,
			'type'        => 'string',
			'maxLength'   => $max,
		);
		return array(
			'street_address'      => $text( __( 'Street address of the workplace.', 'recruiting-reports' ), 200 ),
			'city'                => $text( __( 'City (locality) of the workplace.', 'recruiting-reports' ), 100 ),
			'region'              => $text( __( 'Region, state or county of the workplace.', 'recruiting-reports' ), 100 ),
			'postal_code'         => $text( __( 'Postal code of the workplace.', 'recruiting-reports' ), 20 ),
			'country'             => array(
				'description' => __( 'Country of the workplace: an ISO 3166-1 alpha-2 code such as GB or DE (stored upper-case), or empty.', 'recruiting-reports' ),
				'type'        => 'string',
				'pattern'     => '^([A-Za-z]{2})?$',
			),
			'remote'              => array(
				'description' => __( 'Whether the job can be done fully from home (Google: TELECOMMUTE).', 'recruiting-reports' ),
				'type'        => 'boolean',
			),
			'applicant_locations' => array(
				'description' => __( 'For a remote job: the countries (ISO 3166-1 alpha-2 codes) or regions where applicants may live. Empty: anywhere.', 'recruiting-reports' ),
				'type'        => 'array',
				'maxItems'    => self::MAX_APPLICANT_LOCATIONS,
				'items'       => array(
					'type'      => 'string',
					'minLength' => 1,
					'maxLength' => 100,
				),
			),
			'salary'              => array(
				'description'          => __( 'Salary range, or null for none: min and/or max (amounts ≥ 0), currency (ISO 4217, such as EUR) and unit (per hour, day, week, month or year).', 'recruiting-reports' ),
				'type'                 => array( 'object', 'null' ),
				'additionalProperties' => false,
				// Required per property (JSON Schema draft 3, which WordPress reads): an object-level list would make
				// WordPress require the salary itself on POST /jobs.
				'properties'           => array(
					'min'      => array(
						'type'    => array( 'number', 'null' ),
						'minimum' => 0,
						'maximum' => 1000000000,
					),
					'max'      => array(
						'type'    => array( 'number', 'null' ),
						'minimum' => 0,
						'maximum' => 1000000000,
					),
					'currency' => array(
						'type'     => 'string',
						'pattern'  => '^[A-Za-z]{3}$',
						'required' => true,
					),
					'unit'     => array(
						'type'     => 'string',
						'enum'     => self::SALARY_UNITS,
						'required' => true,
					),
				),
			),
			'valid_through'       => array(
				'description' => __( 'When the job stops taking applications (ISO 8601 with an offset), or null for no end. Past it the job closes itself (hourly).', 'recruiting-reports' ),
				'type'        => array( 'string', 'null' ),
				'format'      => 'date-time',
			),
			'contact_email'       => array(
				'description' => __( 'Who is notified of applications to this job (an e-mail address), or empty for the default.', 'recruiting-reports' ),
				'type'        => 'string',
				'maxLength'   => 100,
			),
		);
	}

	/**
	 * A detail as a client sent it, checked against the schema and cleaned (the import's path; the REST API has
	 * WordPress check the schema and calls clean() itself).
	 *
	 * @param string $field One of FIELDS.
	 * @param mixed  $value As sent.
	 * @return mixed|WP_Error The stored value, or the problem.
	 */
	public static function validate( string $field, $value ) {
		$schema = self::schema()[ $field ];
		$valid  = rest_validate_value_from_schema( $value, $schema, $field );
		if ( is_wp_error( $valid ) ) {
			return $valid;
		}
		return self::clean( $field, rest_sanitize_value_from_schema( $value, $schema, $field ) );
	}

	/**
	 * A detail that matches its schema, cleaned into what is stored; the rules the schema cannot express.
	 *
	 * @param string $field One of FIELDS.
	 * @param mixed  $value A value that matches the field's schema.
	 * @return mixed|WP_Error
	 */
	public static function clean( string $field, $value ) {
		switch ( $field ) {
			case 'country':
				return strtoupper( trim( (string) $value ) );
			case 'remote':
				return (bool) $value;
			case 'applicant_locations':
				$places = array_map( static fn( $place ) => TextFields::clean( 'city', (string) $place ), (array) $value );
				$places = array_map( static fn( $place ) => preg_match( '/^[a-z]{2}$/i', $place ) ? strtoupper( $place ) : $place, $places );
				return array_values( array_unique( array_filter( $places, 'strlen' ) ) );
			case 'salary':
				return null === $value ? null : self::clean_salary( (array) $value );
			case 'valid_through':
				if ( null === $value || '' === $value ) {
					return null;
				}
				$instant = Iso8601::parse( $value );
				return null === $instant ? new WP_Error( 'invalid', __( 'Must be an ISO 8601 date-time with an offset, for example 2025-01-05T10:00:00Z, or null.', 'recruiting-reports' ) ) : $instant;
			case 'contact_email':
				// An address that cleaning empties (no "@") is refused, not stored as "no contact".
				$email = TextFields::clean( 'candidate_email', (string) $value );
				return '' === trim( (string) $value ) || is_email( $email ) ? $email : new WP_Error( 'invalid', __( 'Must be an e-mail address, or empty.', 'recruiting-reports' ) );
			default:
				return TextFields::clean( $field, (string) $value );
		}
	}

	/**
	 * A salary range: at least one amount, the minimum not above the maximum.
	 *
	 * @param array $salary Matches the schema.
	 * @return array|WP_Error {min, max, currency, unit}
	 */
	private static function clean_salary( array $salary ) {
		$amount = static fn( $key ) => isset( $salary[ $key ] ) ? round( (float) $salary[ $key ], 2 ) : null;
		$min    = $amount( 'min' );
		$max    = $amount( 'max' );
		if ( null === $min && null === $max ) {
			return new WP_Error( 'invalid', __( 'Give min, max or both.', 'recruiting-reports' ) );
		}
		if ( null !== $min && null !== $max && $min > $max ) {
			return new WP_Error( 'invalid', __( 'min must not be greater than max.', 'recruiting-reports' ) );
		}
		return array(
			'min'      => $min,
			'max'      => $max,
			'currency' => strtoupper( (string) $salary['currency'] ),
			'unit'     => (string) $salary['unit'],
		);
	}

	/**
	 * Google's employmentType for the API's free-text employment_type: full_time, "Full-time", "full time" and
	 * "FULL_TIME" all map to FULL_TIME; "contractor" to CONTRACTOR; anything else that is not empty to OTHER.
	 *
	 * @param string $employment_type As stored.
	 * @return string|null Null when empty.
	 */
	public static function google_employment_type( string $employment_type ): ?string {
		$key = trim( (string) preg_replace( '/[^a-z]+/', '_', strtolower( $employment_type ) ), '_' );
		if ( '' === $key ) {
			return null;
		}
		$aliases = array(
			'fulltime'   => 'full_time',
			'parttime'   => 'part_time',
			'contractor' => 'contract',
			'temp'       => 'temporary',
			'intern'     => 'internship',
			'perdiem'    => 'per_diem',
		);
		$key     = $aliases[ str_replace( '_', '', $key ) ] ?? $aliases[ $key ] ?? $key;
		return self::EMPLOYMENT_TYPES[ $key ] ?? 'OTHER';
	}

	/**
	 * Whether a job takes applications now: published, and its valid_through (if any) still ahead. A published job
	 * past it counts as closed at once, before the hourly cron closes it.
	 *
	 * @param string   $status        Post status.
	 * @param int|null $valid_through Unix seconds or null.
	 */
	public static function is_open( string $status, ?int $valid_through ): bool {
		return 'publish' === $status && ( null === $valid_through || $valid_through > time() );
	}
}
