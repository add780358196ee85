<?php
/**
 * Blocks\Visibility: who may make a report block's figures public.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Blocks;

use RecruitingReports\Domain\Capabilities;
use WP_Post;
use WP_REST_Request;

defined( 'ABSPATH' ) || exit;

/**
 * Who may make a report block's figures public (SPEC §8, blocks).
 *
 * A block's `visibility` attribute comes from post content or, in the editor preview route
 * (`/wp/v2/block-renderer/recruiting-reports/report`), from the request, and anyone who can edit posts
 * controls both. So "everyone" is a request, not a grant: it is honoured only while the post's author
 * and its last editor hold Read Applications (a Contributor or Author cannot publish figures, and an
 * Editor without the permission who edits the post switches them off until someone with it saves
 * again), and the preview route always renders as "only users with Read Applications".
 *
 * WordPress records the last editor (`_edit_last`) only in the classic editor; the block editor saves
 * through the REST API, which does not. So every save by a logged-in user is recorded here in
 * LAST_EDITOR_META. Saves without a user (a scheduled post going live, WP-CLI without --user) are
 * server-side work, not an edit, and leave the record as it is.
 */
final class Visibility {

	public const LAST_EDITOR_META = '_recruiting_reports_last_editor';

	/** The block renderer route of the report block (the editor's server-side preview). */
	public const PREVIEW_ROUTE = '/wp/v2/block-renderer/' . ReportBlock::NAME;

	/**
	 * Hooks the last-editor record and the preview route's restriction.
	 */
	public static function register(): void {
		add_action( 'save_post', array( self::class, 'record_editor' ), 10, 2 );
		add_filter( 'rest_request_before_callbacks', array( self::class, 'restrict_preview' ), 10, 3 );
	}

	/**
	 * Whether "everyone" is honoured for a block rendered within $post: its author and its last editor
	 * both hold Read Applications. Outside a post (a widget, a template without one) it is not.
	 *
	 * @param WP_Post|null $post The post being rendered.
	 * @return bool
	 */
	public static function public_allowed( ?WP_Post $post ): bool {
		if ( ! $post || ! user_can( (int) $post->post_author, Capabilities::READ_APPLICATIONS ) ) {
			return false;
		}
		$editor = self::last_editor( $post );
		return 0 === $editor || user_can( $editor, Capabilities::READ_APPLICATIONS );
	}

	/**
	 * The user who last saved the post: ours, else the classic editor's record; 0 when neither exists
	 * (a post written before this record and never opened in the classic editor: its author counts).
	 *
	 * @param WP_Post $post Post.
	 * @return int User id, or 0.
	 */
	public static function last_editor( WP_Post $post ): int {
		$recorded = (int) get_post_meta( $post->ID, self::LAST_EDITOR_META, true );
		return $recorded ? $recorded : (int) get_post_meta( $post->ID, '_edit_last', true );
	}

	/**
	 * Records the logged-in user who saved a post (save_post) (revisions and autosaves are separate posts
	 * and are skipped; their parent's own save records the user).
	 *
	 * @param int     $post_id Post id.
	 * @param WP_Post $post    Post.
	 */
	public static function record_editor( $post_id, $post ): void {
		$user = get_current_user_id();
		if ( ! $user || ! $post instanceof WP_Post || wp_is_post_revision( $post ) || wp_is_post_autosave( $post ) ) {
			return;
		}
		if ( (int) get_post_meta( (int) $post_id, self::LAST_EDITOR_META, true ) !== $user ) {
			update_post_meta( (int) $post_id, self::LAST_EDITOR_META, $user );
		}
	}

	/**
	 * Ignores "everyone" in the preview route (rest_request_before_callbacks): its attributes are whatever the
	 * caller sends, so "everyone" is ignored there: figures only for users with Read Applications, a neutral message
	 * for the rest (the route itself is open to anyone who can edit posts).
	 *
	 * @param mixed           $response Result so far (a WP_Error stops the request).
	 * @param array           $handler  Route handler.
	 * @param WP_REST_Request $request  Request.
	 * @return mixed $response, unchanged.
	 */
	public static function restrict_preview( $response, $handler, $request ) {
		if ( $request instanceof WP_REST_Request && self::PREVIEW_ROUTE === $request->get_route() ) {
			$attributes               = $request->get_param( 'attributes' );
			$attributes               = is_array( $attributes ) ? $attributes : array();
			$attributes['visibility'] = 'restricted';
			$request->set_param( 'attributes', $attributes );
		}
		return $response;
	}
}
