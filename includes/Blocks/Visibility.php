<?php
/**
 * Blocks\Visibility: who may make a report block's figures public.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Blocks;

use RecruitingReports\Domain\Capabilities;
use WP_Post;
use WP_REST_Block_Renderer_Controller;
use WP_REST_Request;

defined( 'ABSPATH' ) || exit;

/**
 * Who may make a report block's figures public (docs/ui.md, blocks).
 *
 * A block's `visibility` attribute comes from post content or, in the editor preview route
 * (`/wp/v2/block-renderer/recruiting-reports/report`), from the request, and anyone who can edit posts
 * controls both. So "everyone" is a request, not a grant: it is honoured only for the stored content of a
 * published post, as every visitor reads it, and only while that post's author and its last editor hold
 * Read Applications (a Contributor or Author cannot publish figures, and an Editor without the permission
 * who edits the post switches them off until someone with it saves again).
 *
 * Everything else is a preview of content nobody with the permission has published — the block renderer
 * route (in any letter case: WordPress matches routes case-insensitively), an autosave or a draft opened
 * with `preview=true`, revisions and autosaves over REST, an unpublished post's REST render — and there
 * the viewer decides: figures only for a viewer with Read Applications, whoever wrote any post.
 *
 * WordPress records the last editor (`_edit_last`) only in the classic editor; the block editor saves
 * through the REST API, which does not. So every save by a logged-in user is recorded here in
 * LAST_EDITOR_META. Saves without a user (a scheduled post going live, WP-CLI without --user) are
 * server-side work, not an edit, and leave the record as it is.
 */
final class Visibility {

	public const LAST_EDITOR_META = '_recruiting_reports_last_editor';

	/**
	 * Whether this request is the block renderer route for the report block (the editor's server-side preview).
	 *
	 * @var bool
	 */
	private static bool $preview_route = false;

	/** Whether this request is the editor's server-side preview of the report block (the block renderer route). */
	public static function in_preview_route(): bool {
		return self::$preview_route;
	}

	/**
	 * Hooks the last-editor record and the preview route's restriction.
	 */
	public static function register(): void {
		add_action( 'save_post', array( self::class, 'record_editor' ), 10, 2 );
		add_filter( 'rest_request_before_callbacks', array( self::class, 'restrict_preview' ), 10, 3 );
	}

	/**
	 * Whether "everyone" is honoured for a block rendered within $post: the published post's own content (not
	 * a preview, a revision or the preview route) whose author and last editor both hold Read Applications.
	 * Outside a post (a widget, a template without one) it is not.
	 *
	 * @param WP_Post|null $post The post being rendered.
	 * @return bool
	 */
	public static function public_allowed( ?WP_Post $post ): bool {
		if ( ! $post || self::$preview_route || is_preview() || 'publish' !== get_post_status( $post ) ) {
			return false;
		}
		if ( ! user_can( (int) $post->post_author, Capabilities::READ_APPLICATIONS ) ) {
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
	 * The route is recognised by the handler WordPress matched (core's block renderer controller) and the block
	 * name it matched, never by the route's spelling: WordPress matches `/WP/v2/Block-Renderer/…` too.
	 *
	 * @param mixed           $response Result so far (a WP_Error stops the request).
	 * @param array           $handler  Route handler.
	 * @param WP_REST_Request $request  Request.
	 * @return mixed $response, unchanged.
	 */
	public static function restrict_preview( $response, $handler, $request ) {
		$callback = is_array( $handler ) ? ( $handler['callback'] ?? null ) : null;
		$renderer = is_array( $callback ) && ( $callback[0] ?? null ) instanceof WP_REST_Block_Renderer_Controller;
		if ( $renderer && $request instanceof WP_REST_Request && ReportBlock::NAME === strtolower( (string) $request->get_param( 'name' ) ) ) {
			self::$preview_route      = true;
			$attributes               = $request->get_param( 'attributes' );
			$attributes               = is_array( $attributes ) ? $attributes : array();
			$attributes['visibility'] = 'restricted';
			$request->set_param( 'attributes', $attributes );
		}
		return $response;
	}
}
