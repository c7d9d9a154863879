"""The Castles of Tuscany renderer: ``draw(view) -> PNG bytes``; the picture is composed in ``image``."""

from render.tuscany.image import draw

__all__ = ["draw"]
