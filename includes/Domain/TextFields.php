<?php
/**
 * Domain\TextFields: the sanitising rule for written text.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Domain;

defined( 'ABSPATH' ) || exit;

/**
 * The one sanitising rule for the text a client writes into jobs and applications, whatever the path
 * (POST/PUT /jobs, POST /applications, POST /import): the value is cleaned first and validated after
 * (a name that is only markup is empty, so it is refused as empty). Plain-text fields lose tags, line
 * breaks and surplus whitespace (sanitize_text_field); a job description keeps the HTML a post may
 * hold (wp_kses_post); an e-mail address keeps only the characters an address may have.
 */
final class TextFields {

	/** Field => rule. Fields not listed are not free text (ids, statuses, dates) and are validated elsewhere. */
	private const RULES = array(
		'title'           => 'plain',
		'department'      => 'plain',
		'location'        => 'plain',
		'employment_type' => 'plain',
		'street_address'  => 'plain',
		'city'            => 'plain',
		'region'          => 'plain',
		'postal_code'     => 'plain',
		'description'     => 'html',
		'candidate_name'  => 'plain',
		'candidate_phone' => 'plain',
		'candidate_email' => 'email',
	);

	/**
	 * A field's value, cleaned by the field's rule.
	 *
	 * @param string $field One of the RULES keys.
	 * @param string $value As the client sent it.
	 * @return string
	 */
	public static function clean( string $field, string $value ): string {
		switch ( self::RULES[ $field ] ?? 'plain' ) {
			case 'html':
				return wp_kses_post( $value );
			case 'email':
				return sanitize_email( $value );
			default:
				return sanitize_text_field( $value );
		}
	}
}
