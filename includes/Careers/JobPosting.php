<?php
/**
 * Google for Jobs: the JSON-LD `JobPosting` of an open job's page, with Google's required properties (title,
 * description, datePosted, hiringOrganization, jobLocation or remote with applicantLocationRequirements) and the
 * recommended ones it can fill (validThrough, employmentType, baseSalary, identifier, directApply: the page carries
 * the apply form). Closed and
 * expired jobs get none: Google drops a posting whose page no longer carries it.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Careers;

use RecruitingReports\Data\JobRepository;
use RecruitingReports\Domain\Iso8601;
use RecruitingReports\Domain\JobDetails;
use RecruitingReports\Domain\JobPostType;
use WP_Post;

defined( 'ABSPATH' ) || exit;

/**
 * The JobPosting structured data of a job page.
 */
final class JobPosting {

	/** HTML a description keeps (what Google renders: paragraphs, line breaks, lists, emphasis, headings). */
	private const DESCRIPTION_TAGS = array( 'p', 'br', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'h2', 'h3', 'h4' );

	/** Hooks the script into the page head. */
	public static function register(): void {
		add_action( 'wp_head', array( self::class, 'print_script' ) );
	}

	/** Prints the JobPosting of the open job this page shows, if it shows one. */
	public static function print_script(): void {
		$post = is_singular( JobPostType::POST_TYPE ) ? get_queried_object() : null;
		$data = $post instanceof WP_Post ? self::data( $post ) : null;
		if ( null !== $data ) {
			wp_print_inline_script_tag( self::encode( $data ), array( 'type' => 'application/ld+json' ) );
		}
	}

	/**
	 * JSON for a script element: `<`, `>` and `&` as \u escapes, so no text of a job (a title holding
	 * `</script>` or `<!--`) can end the element or change how the browser parses it.
	 *
	 * @param array $data Data.
	 */
	public static function encode( array $data ): string {
		return (string) wp_json_encode( $data, JSON_HEX_TAG | JSON_HEX_AMP | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE );
	}

	/**
	 * The JobPosting of an open job, or null for any other post.
	 *
	 * @param WP_Post $post The job.
	 * @return array|null
	 */
	public static function data( WP_Post $post ): ?array {
		$details = JobRepository::details( (int) $post->ID );
		if ( JobPostType::POST_TYPE !== $post->post_type || ! JobDetails::is_open( $post->post_status, $details['valid_through'] ) ) {
			return null;
		}
		$type    = JobDetails::google_employment_type( (string) get_post_meta( $post->ID, JobRepository::META['employment_type'], true ) );
		$posting = array(
			'@context'           => 'https://schema.org',
			'@type'              => 'JobPosting',
			// Plain text: titles are plain text on every path but a raw edit by a user with unfiltered_html.
			'title'              => wp_strip_all_tags( $post->post_title ),
			'description'        => wp_kses( wpautop( $post->post_content ), array_fill_keys( self::DESCRIPTION_TAGS, array() ) ),
			'datePosted'         => Iso8601::format( JobRepository::created_at( $post ) ),
			'validThrough'       => Iso8601::format( $details['valid_through'] ),
			'employmentType'     => $type,
			'hiringOrganization' => self::organization(),
			'identifier'         => array(
				'@type' => 'PropertyValue',
				'name'  => get_bloginfo( 'name' ),
				'value' => (string) $post->ID,
			),
			// Applying on the job's page needs the apply form (issue #24, step 4); until it exists, saying true would be
			// a false promise to Google.
			'directApply'        => true,
			'url'                => get_permalink( $post ),
		);
		$posting = array_merge( $posting, self::location( $details ), self::salary( $details['salary'] ) );
		/**
		 * Filters the JSON-LD JobPosting of an open job's page (for example to add `experienceRequirements` or a
		 * `sameAs` for the organisation). Return null to print none.
		 *
		 * @param array   $posting The JobPosting.
		 * @param WP_Post $post    The job.
		 */
		$posting = apply_filters( 'recruiting_reports_job_posting', array_filter( $posting, static fn( $value ) => null !== $value && '' !== $value ), $post );
		return is_array( $posting ) ? $posting : null;
	}

	/**
	 * The hiring organisation: the site's name, address and icon.
	 *
	 * @return array
	 */
	private static function organization(): array {
		$organization = array(
			'@type'  => 'Organization',
			'name'   => get_bloginfo( 'name' ),
			'sameAs' => home_url( '/' ),
		);
		$logo         = get_site_icon_url( 512 );
		if ( '' !== $logo ) {
			$organization['logo'] = $logo;
		}
		return $organization;
	}

	/**
	 * Where the job is: a Place with its PostalAddress when the job has an address; TELECOMMUTE with the places
	 * applicants may live in when it is remote (the country of the address when none are given). Both for a job that
	 * may be done at the office or from home.
	 *
	 * @param array $details JobRepository::details().
	 * @return array
	 */
	private static function location( array $details ): array {
		$address  = array_filter(
			array(
				'streetAddress'   => $details['street_address'],
				'addressLocality' => $details['city'],
				'addressRegion'   => $details['region'],
				'postalCode'      => $details['postal_code'],
				'addressCountry'  => $details['country'],
			),
			'strlen'
		);
		$location = $address ? array(
			'jobLocation' => array(
				'@type'   => 'Place',
				'address' => array( '@type' => 'PostalAddress' ) + $address,
			),
		) : array();
		if ( ! $details['remote'] ) {
			return $location;
		}
		$places                      = $details['applicant_locations'] ? $details['applicant_locations'] : array_filter( array( $details['country'] ), 'strlen' );
		$location['jobLocationType'] = 'TELECOMMUTE';
		if ( $places ) {
			$location['applicantLocationRequirements'] = array_map(
				static fn( string $place ) => array(
					'@type' => preg_match( '/^[A-Z]{2}$/', $place ) ? 'Country' : 'AdministrativeArea',
					'name'  => $place,
				),
				array_values( $places )
			);
		}
		return $location;
	}

	/**
	 * baseSalary as a MonetaryAmount: a range (minValue, maxValue) or one value, with its period.
	 *
	 * @param array|null $salary JobRepository::details()['salary'].
	 * @return array
	 */
	private static function salary( ?array $salary ): array {
		if ( null === $salary ) {
			return array();
		}
		$value = array(
			'@type'    => 'QuantitativeValue',
			'unitText' => strtoupper( $salary['unit'] ),
		);
		if ( null !== $salary['min'] && null !== $salary['max'] ) {
			$value += array(
				'minValue' => $salary['min'],
				'maxValue' => $salary['max'],
			);
		} else {
			$value['value'] = $salary['min'] ?? $salary['max'];
		}
		return array(
			'baseSalary' => array(
				'@type'    => 'MonetaryAmount',
				'currency' => $salary['currency'],
				'value'    => $value,
			),
		);
	}
}
