<?php
/**
 * The report block's variations, one per report of the registry (ReportRegistry): block.json's variations and
 * its `report` and `sections` enums are replaced at registration with the registry's, so a report added through
 * `recruiting_reports_reports` is a block variation too. block.json keeps the built-in reports' variations for
 * tools that read the file (tests/php/ReportVariationsTest.php holds the two equal).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Blocks;

use RecruitingReports\Reports\ReportRegistry;

defined( 'ABSPATH' ) || exit;

/**
 * The block's variations from the registry.
 */
final class ReportVariations {

	/** Registers the block.json filter. */
	public static function register(): void {
		add_filter( 'block_type_metadata', array( self::class, 'metadata' ) );
	}

	/**
	 * block.json of the report block with the registry's reports.
	 *
	 * @param array $metadata Any block's metadata.
	 * @return array
	 */
	public static function metadata( array $metadata ): array {
		if ( ReportBlock::NAME !== ( $metadata['name'] ?? '' ) ) {
			return $metadata;
		}
		$variations = self::variations();
		$sections   = array_values( array_unique( array_merge( ...array_map( static fn( $variation ) => $variation['attributes']['sections'], $variations ) ) ) );

		$metadata['variations']                              = $variations;
		$metadata['attributes']['report']['enum']            = ReportRegistry::names();
		$metadata['attributes']['sections']['items']['enum'] = $sections;
		return $metadata;
	}

	/**
	 * One variation per report, in menu order; the first is the default.
	 *
	 * @return array[]
	 */
	public static function variations(): array {
		$variations = array();
		foreach ( array_values( ReportRegistry::all() ) as $index => $report ) {
			$variation = array(
				'name'        => $report->name,
				'title'       => $report->title,
				'description' => $report->description,
				'icon'        => $report->block['icon'] ?? 'chart-bar',
				'keywords'    => $report->block['keywords'] ?? array( 'recruiting' ),
				'attributes'  => array(
					'report'   => $report->name,
					'sections' => $report->sections(),
				),
			);
			if ( 0 === $index ) {
				$variation['isDefault'] = true;
			}
			$variation['isActive'] = array( 'report' );
			$variation['scope']    = array( 'inserter', 'block', 'transform' );
			$variations[]          = $variation;
		}
		return $variations;
	}
}
