"""The Jambo images (placeholder; drawn in render.jambo.board and render.jambo.hand)."""
