"""The Help screen: every key and gesture, and the rules in the game's own words.

What the pages say is in ``help_sections``, how a page is typeset in
``help_page`` and how it scrolls in ``scroll_view``; this is the dialog that
shows them, with its buttons and keys.
"""

from __future__ import annotations

import pygame

from yukon.i18n import N_
from yukon.ui.dialogs.base import PAGE_UNITS, Dialog
from yukon.ui.dialogs.help_page import typeset
from yukon.ui.dialogs.help_sections import Section, page_sections
from yukon.ui.dialogs.scroll_view import ScrollView
from yukon.ui.shell.scene import Host
from yukon.ui.widgets import Button


class HelpScreen(Dialog):
    """A scrolling page of help, or of the FAQ; Up/Down, Page Up/Down and
    the wheel scroll it. Its buttons (and E, Q) open the Examples and switch
    between the help and the FAQ."""

    title = N_("Help")
    width_units = PAGE_UNITS
    full_height = True

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        tr = self.tr
        self.faq = False  # showing the FAQ instead of the help
        self.faq_button = Button(lambda: tr.gettext("Help" if self.faq else "FAQ"), self.toggle_faq)
        self.buttons = [
            Button(lambda: tr.gettext("Examples"), self.open_examples),
            self.faq_button,
            Button(lambda: tr.gettext("Close"), self.close, primary=True),
        ]
        self.scroller = ScrollView(self.redraw)

    # What tests and --dump-layout read: the page, its view and how far down it is.
    @property
    def page_texts(self) -> list[tuple[str, pygame.Rect]]:
        """Every text of the page, with its rect on the page."""
        page = self.scroller.page
        return page.texts if page is not None else []

    @property
    def view(self) -> pygame.Rect:
        return self.scroller.view

    @property
    def scroll(self) -> int:
        return self.scroller.scroll

    @property
    def max_scroll(self) -> int:
        return self.scroller.max_scroll

    def content_height(self) -> int:
        return 10_000  # as tall as the window allows; the page scrolls

    def layout_content(self, top: int) -> None:
        u = self.unit
        view = pygame.Rect(
            self.panel.x + u, top, self.panel.w - 2 * u, self.panel.bottom - round(u * 3.0) - top
        )
        self.scroller.show(typeset(self.sections(), max(1, view.w), u), view, u)

    def toggle_faq(self) -> None:
        self.faq = not self.faq
        self.title = N_("FAQ") if self.faq else N_("Help")
        self.scroller.scroll = 0
        self.resize(self.host.size)

    def open_examples(self) -> None:
        from yukon.ui.dialogs.examples import ExamplesScene

        self.host.push(ExamplesScene(self.host))

    def sections(self) -> list[Section]:
        """The page's sections in the player's language."""
        folder = str(self.session.store.directory)
        return page_sections(self.tr, faq=self.faq, folder=folder)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self.scroller.repeat.stop()
            if event.key == pygame.K_F1:
                self.close()
                return
            if event.key == pygame.K_e:
                self.open_examples()
                return
            if event.key == pygame.K_q:
                self.toggle_faq()
                return
        if self.scroller.handle_event(event, self.now):
            return
        super().handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.scroller.update(self.now)

    def draw_content(self, surface: pygame.Surface) -> None:
        self.scroller.draw(surface)
