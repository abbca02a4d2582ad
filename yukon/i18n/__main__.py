"""``python -m yukon.i18n``: compile every catalogue's ``.mo`` from its ``.po``."""

from yukon.i18n.catalogue import compile_all

for path in compile_all():
    print(path)
