<?php
/**
 * The source of an apply-form application: the `utm_source` of the page where the candidate entered the site
 * (carried in sessionStorage by the view script, or the form page's own query string), else the referring site of
 * that first page mapped to a channel name, else `direct`.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Careers;

use RecruitingReports\Data\Source;

defined( 'ABSPATH' ) || exit;

/**
 * Works out where an applicant came from.
 */
final class ApplicantSource {

	/**
	 * Host pattern => source. A host matches when it is the domain or a subdomain of it; `*` stands for any
	 * top-level part (google.* is google.com, google.co.uk, …).
	 *
	 * @return array<string,string>
	 */
	public static function referrer_map(): array {
		$map = array(
			'linkedin.com'   => 'linkedin',
			'lnkd.in'        => 'linkedin',
			'google.*'       => 'google',
			'indeed.*'       => 'indeed',
			'stepstone.*'    => 'stepstone',
			'xing.com'       => 'xing',
			'facebook.com'   => 'facebook',
			'fb.com'         => 'facebook',
			'instagram.com'  => 'instagram',
			't.co'           => 'twitter',
			'x.com'          => 'twitter',
			'twitter.com'    => 'twitter',
			'bing.com'       => 'bing',
			'duckduckgo.com' => 'duckduckgo',
			'glassdoor.*'    => 'glassdoor',
			'monster.*'      => 'monster',
		);
		/**
		 * The referring sites the apply form recognises: host pattern => source (see ApplicantSource).
		 * Other external hosts count as the host itself (`jobs.example.org`).
		 *
		 * @param array<string,string> $map Map.
		 */
		return (array) apply_filters( 'recruiting_reports_referrer_sources', $map );
	}

	/**
	 * The source of a submission.
	 *
	 * @param string $utm_source The landing page's utm_source ('' when none).
	 * @param string $referrer   The landing page's referrer ('' when none or the site itself).
	 * @return string A normalised source.
	 */
	public static function resolve( string $utm_source, string $referrer ): string {
		$utm = Source::normalize( mb_substr( $utm_source, 0, Source::MAX_LENGTH ) );
		if ( is_string( $utm ) && Source::DIRECT !== $utm ) {
			return $utm;
		}
		$host = strtolower( (string) wp_parse_url( $referrer, PHP_URL_HOST ) );
		if ( '' === $host || strtolower( (string) wp_parse_url( home_url(), PHP_URL_HOST ) ) === $host ) {
			return Source::DIRECT;
		}
		$host = (string) preg_replace( '/^www\./', '', $host );
		foreach ( self::referrer_map() as $pattern => $source ) {
			$regex = '/(^|\.)' . str_replace( '\*', '[a-z.]+', preg_quote( (string) $pattern, '/' ) ) . '$/';
			if ( preg_match( $regex, $host ) ) {
				return (string) $source;
			}
		}
		$normalised = Source::normalize( mb_substr( $host, 0, Source::MAX_LENGTH ) );
		return is_string( $normalised ) ? $normalised : Source::DIRECT;
	}
}
