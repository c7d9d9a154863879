"""burgundy_cards renderer: ``draw(view) -> PNG bytes``; the picture is composed in ``image``."""

from render.burgundy_cards.image import draw

__all__ = ["draw"]
