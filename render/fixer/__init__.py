"""fixer renderer: ``draw(view) -> PNG bytes``; the picture is composed in ``image``."""

from render.fixer.image import draw

__all__ = ["draw"]
