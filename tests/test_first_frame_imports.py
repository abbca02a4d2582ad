"""What the first frame imports: only what it needs (a quick start).

The modules are listed, not timed: a module new to the first frame fails
here until it is added to ``FIRST_FRAME`` on purpose, or loaded when first
used (the dialogs, the solver's searches, the loss analysis' page...).
"""

from __future__ import annotations

from pathlib import Path

from test_first_frame import run_game  # the game in a process of its own

# Run as a player starts the game, then list what was imported.
FIRST_FRAME_RUN = """
import sys
from yukon.desktop.app import main
main(["--frames", "1", "--size", "1920x1080"])
print("\\n".join(sorted(sys.modules)))
"""

# Loaded only when first opened or asked for, never by the first frame.
HEAVY = (
    "multiprocessing",  # with the solver's first job
    "logging.handlers",  # with the log's first record (most runs have none)
    "yukon.solver.solving",  # the searches: the solver's own process
    "yukon.solver.portfolio",
    "yukon.solver.board",
    "yukon.jobs.loss_analysis",  # with the first "where was it lost?"
    "yukon.jobs.daily",  # with the first deal of the day
    "yukon.ui.dialogs.base",  # every dialog's: with the first dialog opened
    "yukon.ui.dialogs.where_lost",
    "yukon.ui.table.celebration",  # with the first win
    "yukon.ui.table.layout_dump",  # with --dump-layout only
    "yukon.ui.dialogs.help",
    "yukon.ui.dialogs.help_sections",
    "yukon.ui.dialogs.new_game",
    "yukon.ui.dialogs.replay",
    "yukon.ui.dialogs.settings",
    "yukon.ui.dialogs.stats",
    "yukon.ui.dialogs.charts",
    "yukon.ui.dialogs.step_page",
    "yukon.ui.dialogs.win",
    "yukon.texts.examples",
    "yukon.texts.faq",
    "yukon.i18n.catalogue",  # the .po reader and .mo writer: building, never playing
)


def first_frame_modules(home: Path) -> set[str]:
    return set(run_game(home, FIRST_FRAME_RUN).split())


def test_the_first_frame_loads_no_dialog_and_no_search(tmp_path: Path) -> None:
    modules = first_frame_modules(tmp_path)
    assert "yukon.ui.table.scene" in modules  # the run really drew the table
    loaded = sorted(name for name in HEAVY if name in modules)
    assert loaded == [], f"loaded by the first frame: {loaded}"


def test_the_first_frame_imports_only_the_modules_it_is_known_to_need(tmp_path: Path) -> None:
    ours = {name for name in first_frame_modules(tmp_path) if name.split(".")[0] == "yukon"}
    known = set(FIRST_FRAME.split())
    assert sorted(ours - known) == [], "new to the first frame: load it when first used, or list it"
    assert known <= ours, f"no longer loaded by the first frame: {sorted(known - ours)}"


FIRST_FRAME = """
yukon yukon.desktop yukon.desktop.app yukon.desktop.cli yukon.desktop.crashlog yukon.desktop.display
yukon.desktop.stop_signals yukon.engine yukon.engine.cards yukon.engine.codes yukon.engine.deal
yukon.engine.errors yukon.engine.game yukon.engine.generator yukon.engine.history
yukon.engine.legality yukon.engine.moves yukon.engine.position yukon.engine.records
yukon.engine.refusals yukon.engine.rules yukon.engine.views yukon.i18n
yukon.i18n.code_problems yukon.i18n.formats yukon.i18n.languages yukon.i18n.record_problems
yukon.i18n.refusals yukon.i18n.sentences yukon.i18n.spoken yukon.i18n.translator yukon.jobs
yukon.jobs.advice yukon.jobs.hints yukon.jobs.worker yukon.option_parser yukon.persistence
yukon.persistence.cache_files yukon.persistence.daily_stats yukon.persistence.fields
yukon.persistence.kept_images yukon.persistence.lock
yukon.persistence.notices yukon.persistence.own_files yukon.persistence.paths
yukon.persistence.pending_results yukon.persistence.savegame yukon.persistence.settings
yukon.persistence.stats yukon.persistence.store yukon.safe_text yukon.session yukon.session.autoplay
yukon.session.events yukon.session.game_session yukon.session.playback yukon.solver
yukon.solver.verdict yukon.text_wrap yukon.texts yukon.texts.games yukon.ui yukon.ui.art
yukon.ui.art.backs yukon.ui.art.court yukon.ui.art.crown yukon.ui.art.faces yukon.ui.art.felt
yukon.ui.art.kept_art
yukon.ui.art.palette yukon.ui.art.suits yukon.ui.art.supersample yukon.ui.cards
yukon.ui.cards.layout yukon.ui.cards.sprites yukon.ui.chrome_colours yukon.ui.dialogs
yukon.ui.dialogs.narration yukon.ui.key_repeat yukon.ui.keymap yukon.ui.shell yukon.ui.shell.host
yukon.ui.shell.letterbox yukon.ui.shell.scene yukon.ui.shell.sound yukon.ui.shell.window
yukon.ui.speech yukon.ui.speech.speaker yukon.ui.speech.system_speech yukon.ui.table
yukon.ui.table.banner_spot yukon.ui.table.bar_fitting yukon.ui.table.bar_tips
yukon.ui.table.deal_names yukon.ui.table.drags yukon.ui.table.geometry yukon.ui.table.hint_service
yukon.ui.table.info_bar yukon.ui.table.keyboard_cursor yukon.ui.table.leaving
yukon.ui.table.narration yukon.ui.table.pointer yukon.ui.table.renderer yukon.ui.table.scene
yukon.ui.table.solver_help yukon.ui.table.state yukon.ui.table.table_play yukon.ui.table.taps
yukon.ui.table.where_lost yukon.ui.text_boxes yukon.ui.theme yukon.ui.typeface yukon.ui.widgets
"""
