<?php
/**
 * One site's part of a network report (docs/multisite.md "The network report"): the site, its own answer for the
 * period as it resolves it in its own timezone, and a way to read more of that site's figures (a report's public
 * pieces, such as its hire-day histogram) switched to it. A report's `merge` (ReportDefinition) gets one per site.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Reports;

defined( 'ABSPATH' ) || exit;

/**
 * A site's figures for a network report.
 */
final class SiteFigures {

	/**
	 * Sets up the instance.
	 *
	 * @param int         $site_id Site id.
	 * @param string      $name    Site name.
	 * @param ReportQuery $query   The period as this site resolves it (its timezone).
	 * @param array       $data    The site's own report for that period (ReportService), without a comparison.
	 * @param int         $read_at When $data was read (Unix seconds): figures of the present (the pipeline's waits) are
	 *                             counted to it, so they agree with $data and keep with the site's part while its
	 *                             state does (docs/multisite.md "The network report").
	 * @param array       $pieces  What in() read from the site before at the same data version: read key => value.
	 */
	public function __construct(
		public readonly int $site_id,
		public readonly string $name,
		public readonly ReportQuery $query,
		public readonly array $data,
		public readonly int $read_at,
		private array $pieces = array(),
	) {}

	/**
	 * The keys of what in() was asked for in this computation (pieces() keeps only these: reads that are not asked
	 * for again, such as a pipeline's waits counted to an earlier second, do not pile up).
	 *
	 * @var array<string,true>
	 */
	private array $asked = array();

	/**
	 * Runs $read( $query ) switched to the site and returns what it returns; the same read again (the same function
	 * with the same captured values, at the same data version: the network report keeps them with the site's part)
	 * is answered without switching.
	 *
	 * @param callable $read Gets this site's ReportQuery; runs with the site current.
	 * @return mixed
	 */
	public function in( callable $read ) {
		$key                 = self::read_key( $read );
		$this->asked[ $key ] = true;
		if ( array_key_exists( $key, $this->pieces ) ) {
			return $this->pieces[ $key ];
		}
		switch_to_blog( $this->site_id );
		try {
			$this->pieces[ $key ] = $read( $this->query );
		} finally {
			restore_current_blog();
		}
		return $this->pieces[ $key ];
	}

	/**
	 * What in() was asked for in this computation: read key => value (for the next network answer at the same data
	 * version).
	 *
	 * @return array<string,mixed>
	 */
	public function pieces(): array {
		return array_intersect_key( $this->pieces, $this->asked );
	}

	/**
	 * What makes two reads the same: where the function is defined, that file's contents and the values it captured (a
	 * pipeline's `now`, a median's bins), or the method's name; and the plugin's version. A piece kept by other code,
	 * whose read may return another shape from the same line, is read again: the version alone did not tell builds of
	 * one release apart (0.1.0 since the first commit), and a time to hire part kept as a list made the packed read's
	 * merge fail.
	 *
	 * @param callable $read The read.
	 */
	private static function read_key( callable $read ): string {
		if ( $read instanceof \Closure ) {
			$function = new \ReflectionFunction( $read );
			$read     = array( $function->getFileName(), self::file_hash( (string) $function->getFileName() ), $function->getStartLine(), $function->getStaticVariables() );
		}
		return md5( RECRUITING_REPORTS_VERSION . ':' . wp_json_encode( $read ) );
	}

	/**
	 * A file's contents' hash, once per request: a network report asks for it once per site and read.
	 *
	 * @param string $file The file.
	 */
	private static function file_hash( string $file ): string {
		static $hashes            = array();
		return $hashes[ $file ] ??= (string) md5_file( $file );
	}

	/**
	 * The rows of a list field of the site's answer, each with its site_id first (job ids repeat across sites).
	 *
	 * @param string $field A list field of the report (by_job, …).
	 * @return array[]
	 */
	public function rows( string $field ): array {
		return array_map( fn( array $row ) => array( 'site_id' => $this->site_id ) + $row, (array) ( $this->data[ $field ] ?? array() ) );
	}
}
