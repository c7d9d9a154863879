"""torres renderer: ``draw(view) -> PNG bytes``; the picture is composed in ``image``."""

from render.torres.image import draw

__all__ = ["draw"]
