<?php
/**
 * The report block's variations, one per report of the registry (ReportRegistry). block.json holds the built-in
 * reports' variations and its `report` and `sections` enums as the registry generates them
 * (tests/php/ReportVariationsTest.php holds the two equal), so while nothing hooks `recruiting_reports_reports` the
 * file is registered as it is, and WordPress translates its strings (the .pot has them with block.json's contexts).
 * When another plugin adds or removes a report, they are replaced at registration with the registry's, so a report
 * added through the filter is a block variation too.
 *
 * Why not always: the block is registered on every request of the site (a page, an admin screen, a REST request), and
 * generating the variations builds and translates every report's definition, 0.6 ms of a 14 ms REST request on the
 * benchmark machine (docs/reports.md#the-plugins-cost-per-request).
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
	 * block.json of the report block with the registry's reports (filter block_type_metadata).
	 *
	 * @param array $metadata Any block's metadata.
	 * @return array
	 */
	public static function metadata( array $metadata ): array {
		if ( ReportBlock::NAME !== ( $metadata['name'] ?? '' ) || ! has_filter( 'recruiting_reports_reports' ) ) {
			return $metadata;
		}
		return self::generated( $metadata );
	}

	/**
	 * The report block's metadata with the variations and enums generated from the registry.
	 *
	 * @param array $metadata The report block's block.json.
	 * @return array
	 */
	public static function generated( array $metadata ): array {
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
