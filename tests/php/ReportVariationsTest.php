<?php
/**
 * block.json's variations and enums are what the report registry generates (Blocks\ReportVariations): the file
 * cannot drift from the reports' definitions.
 *
 * @package RecruitingReports
 */

use PHPUnit\Framework\TestCase;
use RecruitingReports\Blocks\ReportVariations;
use RecruitingReports\Reports\ReportRegistry;

/**
 * The block's variations from the registry.
 */
final class ReportVariationsTest extends TestCase {

	/** block.json as the file holds it. */
	private static function block_json(): array {
		return json_decode( (string) file_get_contents( dirname( __DIR__, 2 ) . '/block.json' ), true );
	}

	public function test_block_json_holds_the_generated_variations(): void {
		$this->assertSame( ReportVariations::variations(), self::block_json()['variations'] );
	}

	public function test_block_json_enums_list_the_registry(): void {
		$metadata = self::block_json();
		$this->assertSame( ReportRegistry::names(), $metadata['attributes']['report']['enum'] );
		$this->assertSame( $metadata, ReportVariations::generated( $metadata ) );
	}

	public function test_block_json_is_registered_as_it_is_while_nothing_filters_the_reports(): void {
		$metadata                  = self::block_json();
		$metadata['variations'][0] = array( 'name' => 'kept as the file says' ); // What generating would replace.
		$this->assertSame( $metadata, ReportVariations::metadata( $metadata ) );
	}

	public function test_a_report_added_through_the_filter_becomes_a_variation(): void {
		$GLOBALS['rr_test_filters']['recruiting_reports_reports'] = static fn( array $reports ) => array_merge(
			$reports,
			array(
				new RecruitingReports\Reports\ReportDefinition(
					name: 'offers-declined',
					title: 'Offers declined',
					description: 'Offers the candidates declined.',
					run: static fn() => array( 'rejected' => 1 ),
					schema: array(),
					figures: array( RecruitingReports\Reports\ReportFigures::count( 'rejected', 'Rejected', 'rejected' ) ),
				),
			)
		);
		try {
			$metadata = ReportVariations::metadata( self::block_json() );
		} finally {
			unset( $GLOBALS['rr_test_filters']['recruiting_reports_reports'] );
		}
		$this->assertSame( 'offers-declined', end( $metadata['variations'] )['name'] );
		$this->assertSame( array( 'figures' ), end( $metadata['variations'] )['attributes']['sections'] );
		$this->assertContains( 'offers-declined', $metadata['attributes']['report']['enum'] );
	}
}
