"""burgundy renderer: ``draw(view) -> PNG bytes``; the picture is composed in ``image``."""

from render.burgundy.image import draw

__all__ = ["draw"]
