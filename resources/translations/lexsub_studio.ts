<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1">
<context>
    <name>About</name>
    <message>
        <location filename="../../lexsub_studio/gui/about.py" line="36"/>
        <source>{version} (standalone build)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/about.py" line="39"/>
        <source>Version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/about.py" line="42"/>
        <source>System</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/about.py" line="43"/>
        <source>Answers (stores)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/about.py" line="44"/>
        <source>Backups and rescue files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/about.py" line="45"/>
        <source>Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/about.py" line="52"/>
        <source>&lt;h3&gt;LexSub Studio {version}&lt;/h3&gt;&lt;p&gt;Annotate, pool, measure agreement on and score lexical substitution data (SemEval-2007 English Lexical Substitution and its successors). MIT licence.&lt;/p&gt;&lt;p&gt;Your answers are saved as you work, in a store on this computer; &lt;i&gt;File › Export responses&lt;/i&gt; writes the file you hand in.&lt;/p&gt;&lt;table cellspacing=&apos;6&apos;&gt;{rows}&lt;/table&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/about.py" line="65"/>
        <source>licence not declared</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/about.py" line="67"/>
        <source>The package declares its licence by name only and ships no text of it.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AboutDialog</name>
    <message>
        <location filename="../../lexsub_studio/gui/about.py" line="75"/>
        <location filename="../../lexsub_studio/gui/about.py" line="76"/>
        <source>About LexSub Studio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/about.py" line="78"/>
        <source>About</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/about.py" line="80"/>
        <source>Version and locations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/about.py" line="83"/>
        <source>LexSub Studio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/about.py" line="86"/>
        <source>Bundled libraries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/about.py" line="87"/>
        <source>The libraries LexSub Studio runs on; select one for its licence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/about.py" line="93"/>
        <source>Licence text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/about.py" line="100"/>
        <source>Licences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/about.py" line="107"/>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AnalysisRunner</name>
    <message>
        <location filename="../../lexsub_studio/gui/gold/analysis_runner.py" line="74"/>
        <source>preparing the tables</source>
        <extracomment>A burst of merge decisions (or a drop of many files) starts one computation, not many. a computation started. (Analysis, Views) of a computation that finished. no computation is running any more (finished, failed or cancelled). asked to compute with no responses file: there is nothing to show.</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AnnotateActions</name>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/actions.py" line="31"/>
        <source>Save and next unfinished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/actions.py" line="33"/>
        <source>Previous instance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/actions.py" line="36"/>
        <source>Next instance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/actions.py" line="39"/>
        <source>Next unfinished instance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/actions.py" line="42"/>
        <source>Toggle NIL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/actions.py" line="44"/>
        <source>Toggle proper name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/actions.py" line="46"/>
        <source>Go to the multiword field</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/actions.py" line="48"/>
        <source>Go to the comment field</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/actions.py" line="50"/>
        <source>Go to the first substitute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/actions.py" line="52"/>
        <source>Search instances</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/actions.py" line="54"/>
        <source>Clear this answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/actions.py" line="56"/>
        <source>Answers in the instance list</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AnnotateStatusWidgets</name>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/status_widgets.py" line="23"/>
        <source>Progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/status_widgets.py" line="24"/>
        <source>Overall progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/status_widgets.py" line="27"/>
        <source>Unsaved answers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/status_widgets.py" line="42"/>
        <source>⚠ {count} not saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/status_widgets.py" line="62"/>
        <source>{finished} of {total} answered</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AnnotateWorkspace</name>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/workspace.py" line="33"/>
        <source>Annotate workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/workspace.py" line="41"/>
        <source>Annotate panels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/workspace.py" line="150"/>
        <source>Your campaign assignment changed: {total} instances are yours now, {finished} of them answered.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/workspace.py" line="214"/>
        <source>Every instance has an answer. Well done!</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/workspace.py" line="224"/>
        <source>This answer is not saved yet (see the bar above); it is kept here and tried again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/workspace.py" line="230"/>
        <source>Training item: give your answer first; the reference answer is shown once you have.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/workspace.py" line="235"/>
        <source>Training item: compare with the reference answer, then press Enter to go on.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AnswerForm</name>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/answer_form.py" line="32"/>
        <source>substitute {number}</source>
        <extracomment>The gentle checks&apos; colour (amber), made readable on the palette in use.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/answer_form.py" line="35"/>
        <source>multiword</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/answer_form.py" line="36"/>
        <source>NIL and proper name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/answer_form.py" line="98"/>
        <source>Substitute {number}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/answer_form.py" line="99"/>
        <source>A word or phrase that could replace the target here, as a lemma</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/answer_form.py" line="100"/>
        <source>substitute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/answer_form.py" line="101"/>
        <source>type a substitute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/answer_form.py" line="103"/>
        <source>Substitute &amp;{number}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/answer_form.py" line="106"/>
        <source>Multiword</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/answer_form.py" line="107"/>
        <source>The multiword the target is part of, as a lemma (e.g. take place)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/answer_form.py" line="109"/>
        <source>only if the target is part of a multiword</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/answer_form.py" line="110"/>
        <source>&amp;Multiword</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/answer_form.py" line="116"/>
        <source>NIL  (Alt+N)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/answer_form.py" line="116"/>
        <source>NIL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/answer_form.py" line="117"/>
        <source>No substitute comes to mind for this target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/answer_form.py" line="118"/>
        <source>Proper name  (Alt+P)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/answer_form.py" line="119"/>
        <source>Proper name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/answer_form.py" line="120"/>
        <source>The target is part of a proper name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/answer_form.py" line="128"/>
        <source>Comment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/answer_form.py" line="129"/>
        <source>Anything the organiser should know about this instance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/answer_form.py" line="130"/>
        <source>optional</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/answer_form.py" line="131"/>
        <source>&amp;Comment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/answer_form.py" line="178"/>
        <source>Remark on {label}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/answer_form.py" line="185"/>
        <source>Use the suggested form for {label}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/answer_form.py" line="252"/>
        <source>Use “{suggestion}”</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AnswerPanel</name>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/answer_panel.py" line="40"/>
        <source>Current instance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/answer_panel.py" line="42"/>
        <source>Part of speech</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/answer_panel.py" line="49"/>
        <source>Training reference answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/answer_panel.py" line="59"/>
        <source>◀ Previous</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/answer_panel.py" line="60"/>
        <source>Previous instance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/answer_panel.py" line="61"/>
        <source>Previous instance in the list (PgUp)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/answer_panel.py" line="62"/>
        <source>Next ▶</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/answer_panel.py" line="63"/>
        <source>Next instance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/answer_panel.py" line="64"/>
        <source>Next instance in the list (PgDn)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/answer_panel.py" line="65"/>
        <source>Save and next unfinished  ⏎</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/answer_panel.py" line="67"/>
        <source>Save and go to the next unfinished instance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/answer_panel.py" line="68"/>
        <source>Save this answer and go to the next unfinished instance (Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/answer_panel.py" line="78"/>
        <source>Open a corpus to start annotating.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/answer_panel.py" line="79"/>
        <source>No corpus open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/answer_panel.py" line="109"/>
        <source>Training · </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/answer_panel.py" line="110"/>
        <source>{training}{lemma} · instance {id} · {status}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/answer_panel.py" line="129"/>
        <source>&lt;b&gt;Training item.&lt;/b&gt; The organiser gave no reference answer for it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/answer_panel.py" line="133"/>
        <source>&lt;b&gt;Reference answer:&lt;/b&gt; {answers}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/answer_panel.py" line="135"/>
        <source>&lt;br&gt;&lt;b&gt;Multiword:&lt;/b&gt; {multiword}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/answer_panel.py" line="139"/>
        <source>&lt;br&gt;&lt;i&gt;Press Enter to go on.&lt;/i&gt;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>App</name>
    <message>
        <location filename="../../lexsub_studio/gui/app.py" line="48"/>
        <source>LexSub Studio cannot start</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AppState</name>
    <message>
        <location filename="../../lexsub_studio/gui/app_state.py" line="134"/>
        <source>Some answers could not be saved, nor written to a rescue file.</source>
        <extracomment>Unsaved answers are tried again this often (without waiting for a lock: it is the GUI thread). Rescue files of this store from an earlier run, to offer back (oldest first). Why the backup at opening failed, if it did (the session still opens). A session was opened, replaced or closed (``session`` may be None). Answers of these instance indexes changed (a commit, an undo, an import). The &quot;show part of speech&quot; preference changed. The &quot;complete from my earlier answers&quot; preference changed. The gold assembled in Gold &amp; Agreement changed: the new ``current_gold`` (a list of GoldItem, or None when there is none), for the Scoring workspace. Answers became unsaved, are still unsaved after a retry, or were saved at last. A short sentence for the status bar (answers saved after a fault, a backup failed). The store committed these answers: a list of (lexelt, instance id). Emitted after the SQLite transaction, so automation may read the store file at once (docs/automation.md). Rescue files written while answers were still retried: put away once they are saved. The current gold (list of GoldItem) or None; set it and emit ``gold_changed``. The multiword gold assembled with it, made on first call (set with ``current_gold``).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/app_state.py" line="205"/>
        <source>No backup was made: {reason}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/app_state.py" line="207"/>
        <source>No backup was made.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/app_state.py" line="231"/>
        <source>Every answer is saved now.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>BaselinesPanel</name>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/baselines_panel.py" line="59"/>
        <source>Baselines</source>
        <extracomment>A short message for the window&apos;s status bar (the files written).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/baselines_panel.py" line="65"/>
        <source>Baseline kind</source>
        <extracomment>The user&apos;s files (the corpus, the gold) the prefix dialog opens beside. The prefix proposed for the open corpus (beside it), without the kind.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/baselines_panel.py" line="66"/>
        <source>Which baseline to generate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/baselines_panel.py" line="72"/>
        <source>What the baseline does</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/baselines_panel.py" line="74"/>
        <source>Baseline seed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/baselines_panel.py" line="75"/>
        <source>The seed of the random baseline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/baselines_panel.py" line="77"/>
        <source>WordNet directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/baselines_panel.py" line="78"/>
        <source>A local WordNet database (index.noun, data.noun, …)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/baselines_panel.py" line="79"/>
        <source>no WordNet found: choose its directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/baselines_panel.py" line="82"/>
        <source>Choose the WordNet directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/baselines_panel.py" line="84"/>
        <source>Output prefix</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/baselines_panel.py" line="85"/>
        <source>Writes PREFIX.best, PREFIX.oot and PREFIX.weighted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/baselines_panel.py" line="87"/>
        <source>Choose the output prefix</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/baselines_panel.py" line="89"/>
        <source>Generate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/baselines_panel.py" line="90"/>
        <source>Generate the baseline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/baselines_panel.py" line="91"/>
        <source>generating the baseline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/baselines_panel.py" line="93"/>
        <source>Baseline result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/baselines_panel.py" line="97"/>
        <source>Written baseline files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/baselines_panel.py" line="107"/>
        <source>Kind:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/baselines_panel.py" line="109"/>
        <source>Seed:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/baselines_panel.py" line="110"/>
        <source>WordNet:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/baselines_panel.py" line="112"/>
        <source>Prefix:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/baselines_panel.py" line="153"/>
        <source>WordNet database directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/baselines_panel.py" line="169"/>
        <source>Baseline files (PREFIX.best, PREFIX.oot, PREFIX.weighted)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/baselines_panel.py" line="170"/>
        <source>All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/baselines_panel.py" line="188"/>
        <source>The {kind} baseline ranks the substitutes of the other items&apos; gold: add a gold file first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/baselines_panel.py" line="192"/>
        <source>Choose the output prefix first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/baselines_panel.py" line="196"/>
        <source>Replace the files?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/baselines_panel.py" line="197"/>
        <source>Replace {files}?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/baselines_panel.py" line="206"/>
        <source>Generating the {kind} baseline…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/baselines_panel.py" line="218"/>
        <source>{kind}: {answered} of {items} item(s) answered; written:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/baselines_panel.py" line="233"/>
        <source>{kind} baseline written to {files}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/baselines_panel.py" line="240"/>
        <source>No baseline: </source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Breakdowns</name>
    <message>
        <location filename="../../lexsub_studio/gui/gold/breakdowns.py" line="22"/>
        <source>Agreement by part of speech</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/breakdowns.py" line="23"/>
        <source>By PoS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/breakdowns.py" line="26"/>
        <source>Agreement by target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/breakdowns.py" line="28"/>
        <source>By target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/breakdowns.py" line="31"/>
        <source>Agreement by annotator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/breakdowns.py" line="33"/>
        <source>Each annotator against the others; the Pairs tab lists the items a pair disagrees on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/breakdowns.py" line="35"/>
        <source>By annotator</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>BusyIndicator</name>
    <message>
        <location filename="../../lexsub_studio/gui/busy.py" line="20"/>
        <source>{what} progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/busy.py" line="24"/>
        <source>{what} status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/busy.py" line="25"/>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/busy.py" line="27"/>
        <source>Cancel {what}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CampaignMonitor</name>
    <message>
        <location filename="../../lexsub_studio/gui/gold/campaign_monitor.py" line="40"/>
        <source>Annotator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/campaign_monitor.py" line="41"/>
        <source>Assigned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/campaign_monitor.py" line="42"/>
        <source>Answered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/campaign_monitor.py" line="43"/>
        <source>Done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/campaign_monitor.py" line="44"/>
        <source>Conflicts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/campaign_monitor.py" line="45"/>
        <source>Last answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/campaign_monitor.py" line="55"/>
        <source>Campaign progress</source>
        <extracomment>A snapshot was shown (tests wait on it).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/campaign_monitor.py" line="56"/>
        <source>Campaign progress and agreement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/campaign_monitor.py" line="61"/>
        <source>Campaign server URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/campaign_monitor.py" line="62"/>
        <source>postgresql://user@host:5432/database?sslmode=require</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/campaign_monitor.py" line="63"/>
        <source>postgresql://organiser@host:5432/campaigns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/campaign_monitor.py" line="64"/>
        <location filename="../../lexsub_studio/gui/gold/campaign_monitor.py" line="82"/>
        <source>Password</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/campaign_monitor.py" line="65"/>
        <source>Leave empty to use PGPASSWORD or ~/.pgpass</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/campaign_monitor.py" line="67"/>
        <source>Campaign name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/campaign_monitor.py" line="68"/>
        <source>Open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/campaign_monitor.py" line="69"/>
        <source>Open the campaign</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/campaign_monitor.py" line="71"/>
        <source>Not connected.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/campaign_monitor.py" line="72"/>
        <source>Campaign state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/campaign_monitor.py" line="75"/>
        <source>Progress per annotator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/campaign_monitor.py" line="77"/>
        <source>Agreement so far</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/campaign_monitor.py" line="78"/>
        <source>Figure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/campaign_monitor.py" line="78"/>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/campaign_monitor.py" line="78"/>
        <source>Scores</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/campaign_monitor.py" line="81"/>
        <source>Server URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/campaign_monitor.py" line="86"/>
        <source>Campaign</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/campaign_monitor.py" line="91"/>
        <source>Agreement so far (all answers on the server)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/campaign_monitor.py" line="115"/>
        <source>Give the server&apos;s URL and the campaign&apos;s name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/campaign_monitor.py" line="120"/>
        <source>Reading {campaign} from {public_url}…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/campaign_monitor.py" line="140"/>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/campaign_monitor.py" line="143"/>
        <source>{title}: {instances} instances, {count_annotators} annotators, {answered} of {assigned} assigned answers given ({share}); read at {when}, again every {REFRESH_SECONDS} s.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CampaignSyncLabel</name>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/campaign_sync_label.py" line="40"/>
        <source>Campaign sync</source>
        <extracomment>(the worker that pulled, the assigned keys): from the worker thread, queued. The assigned keys (a frozenset of (lexelt, id)) of the open session, on the GUI thread.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/campaign_sync_label.py" line="65"/>
        <source>{campaign}: connecting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/campaign_sync_label.py" line="106"/>
        <source>Your answers are saved on this computer first and sent to the campaign server in the background.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Curation</name>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="76"/>
        <source>Items where it occurs</source>
        <extracomment>The scopes a merge made by hand can have, in the scope box&apos;s order (the first is the default).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="77"/>
        <source>This item only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="78"/>
        <source>Everywhere</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CurationPanel</name>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="143"/>
        <source>Curation of the gold</source>
        <extracomment>At most this many sentences are quoted when a proposal is explained. the decisions changed; True when a merge did (the responses must be pooled again).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="162"/>
        <source>Items to curate</source>
        <extracomment>the adjudication file, saved after every step (None: not saved yet).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="163"/>
        <source>Every item; select one to curate it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="171"/>
        <source>Sentence of the item</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="176"/>
        <source>Every annotator&apos;s answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="177"/>
        <source>Annotator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="177"/>
        <source>Substitutes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="178"/>
        <source>Multiword</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="178"/>
        <source>Flags</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="179"/>
        <source>Comment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="180"/>
        <source>The item&apos;s gold entries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="181"/>
        <source>Entry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="181"/>
        <source>Count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="181"/>
        <source>Given by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="182"/>
        <source>E&amp;xclude this item from the gold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="183"/>
        <source>Exclude this item</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="184"/>
        <source>Leave the item out of the gold and the multiword gold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="187"/>
        <source>Scope of a merge</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="188"/>
        <source>Which items a merge made here applies to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="192"/>
        <source>&amp;Merge into…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="193"/>
        <source>Merge the selected entry into another form</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="194"/>
        <source>Correct s&amp;pelling…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="196"/>
        <source>Correct the spelling of the selected entry on this item</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="198"/>
        <source>&amp;Drop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="199"/>
        <source>Drop the selected entry from this item&apos;s gold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="200"/>
        <source>A&amp;dd…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="201"/>
        <source>Add a substitute to this item&apos;s gold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="212"/>
        <source>Merge &amp;scope:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="218"/>
        <source>Proposed merges</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="219"/>
        <source>Variant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="219"/>
        <source>Merge into</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="219"/>
        <source>Why</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="220"/>
        <source>Items</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="220"/>
        <source>Responses</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="224"/>
        <source>The items and sentences a proposal touches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="228"/>
        <source>Accept on &amp;these items</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="229"/>
        <source>Accept the selected proposal on the items where its variant occurs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="233"/>
        <source>Decisions taken</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="234"/>
        <source>Every decision, who took it and when</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="235"/>
        <source>Adjudication file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="237"/>
        <source>Import merge map…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="238"/>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="616"/>
        <source>Import a merge map</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="239"/>
        <source>Export merge map…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="240"/>
        <source>Export the merges as a map</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="241"/>
        <source>Save decisions as…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="243"/>
        <source>Save the decisions in another adjudication file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="244"/>
        <source>Keep the decisions in a file of your choice from now on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="255"/>
        <source>&lt;b&gt;Gold&lt;/b&gt; (after the decisions)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="263"/>
        <source>&lt;b&gt;Proposed merges&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="267"/>
        <source>&lt;b&gt;Decisions&lt;/b&gt; (Edit › Undo takes one back)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="279"/>
        <source>Item or proposals and decisions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="280"/>
        <source>&amp;Item</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="281"/>
        <source>&amp;Proposals and decisions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="283"/>
        <source>Items, item and proposals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="324"/>
        <source>Cannot read the adjudication file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="330"/>
        <source>{count_adjudication} adjudication decision(s) restored from {path}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="345"/>
        <source>Cannot save the adjudication</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="349"/>
        <source>Decisions saved in {path}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="427"/>
        <source>Cannot read the merge map</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="430"/>
        <source>Problems in the merge map</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="454"/>
        <source>Cannot take this decision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="465"/>
        <source>Cannot save the adjudication: use “Save decisions as…”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="519"/>
        <source>added by the organiser</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="540"/>
        <source>No merge proposed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="549"/>
        <source>&lt;b&gt;{variant}&lt;/b&gt; → &lt;b&gt;{canonical}&lt;/b&gt; ({reason}) on {count_items} item(s):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="563"/>
        <source>no time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="565"/>
        <source>Saved in {path}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="566"/>
        <source>Not saved: add responses files to keep the decisions beside them, or use “Save decisions as…”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="582"/>
        <source>Merge</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="583"/>
        <source>Merge &apos;{form}&apos; into:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="591"/>
        <source>Correct the spelling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="592"/>
        <source>Correct &apos;{form}&apos; on this item to:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="603"/>
        <source>Add a substitute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="604"/>
        <source>Substitute to add:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="609"/>
        <source>Save the decisions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="611"/>
        <source>Adjudication (*.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="617"/>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="625"/>
        <source>Merge map (*.tsv *.txt);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="620"/>
        <source>{count} merge(s) imported from {path}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="624"/>
        <source>Export the merge map</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="630"/>
        <source>Cannot write the merge map</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/curation.py" line="632"/>
        <source>{count} merge(s) written to {path}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DatasetFiles</name>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/files_panel.py" line="34"/>
        <source>gold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/files_panel.py" line="35"/>
        <source>multiword gold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/files_panel.py" line="36"/>
        <source>responses</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DatasetFilesPanel</name>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/files_panel.py" line="49"/>
        <source>Files beside the corpus</source>
        <extracomment>The files changed: the statistics are out of date. A sentence about the last change (a file replaced, files refused), or &quot;&quot;.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/files_panel.py" line="53"/>
        <source>Added files</source>
        <extracomment>Where the file dialogs start: the open corpus&apos;s folder.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/files_panel.py" line="54"/>
        <source>The gold, multiword gold and responses files the statistics use; drop files here to add them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/files_panel.py" line="58"/>
        <source>Add gold…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/files_panel.py" line="59"/>
        <source>Add a gold file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/files_panel.py" line="60"/>
        <source>Add multiword gold…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/files_panel.py" line="61"/>
        <source>Add a multiword gold file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/files_panel.py" line="62"/>
        <source>Add responses…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/files_panel.py" line="64"/>
        <source>Add annotators&apos; responses files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/files_panel.py" line="65"/>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/files_panel.py" line="66"/>
        <source>Remove the selected files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/files_panel.py" line="89"/>
        <source>Responses files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/files_panel.py" line="90"/>
        <source>Responses files (*.tsv);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/files_panel.py" line="93"/>
        <source>The {role} file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/files_panel.py" line="94"/>
        <source>Gold files (*gold* *.gold);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/files_panel.py" line="114"/>
        <source>The {role} file {old} was replaced by {new}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/files_panel.py" line="138"/>
        <source>a {kind} file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/files_panel.py" line="139"/>
        <source>not recognised</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/files_panel.py" line="144"/>
        <source>Not added — only gold, multiword gold and responses files can be: </source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DatasetWorkspace</name>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/workspace.py" line="40"/>
        <source>Dataset workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/workspace.py" line="46"/>
        <source>Open corpus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/workspace.py" line="52"/>
        <source>Dataset message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/workspace.py" line="56"/>
        <source>Dataset panels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/workspace.py" line="59"/>
        <source>Files and baselines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/workspace.py" line="83"/>
        <source>&amp;New task from CoNLL files…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/workspace.py" line="140"/>
        <source>No corpus open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/workspace.py" line="143"/>
        <source>{title}: {instances} instance(s) in {lexelts} lexelt(s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/workspace.py" line="225"/>
        <source>Corpus written to {path}; open it with File › Open.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Dialogs</name>
    <message>
        <location filename="../../lexsub_studio/gui/dialogs.py" line="44"/>
        <source>LexSub Studio ran out of memory. Inputs are read within the limits of docs/formats.md; a smaller file or setting may fit.</source>
        <extracomment>An action property holding its description for the shortcuts list, for actions whose text changes (undo and redo name the change they would undo).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dialogs.py" line="64"/>
        <source>An internal error stopped this {explanation}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dialogs.py" line="68"/>
        <source>An internal error stopped this (a fault in LexSub Studio, not in your files); no report could be written.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dialogs.py" line="88"/>
        <source>The file was opened, with {count} problem(s): {summary}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dialogs.py" line="106"/>
        <source>Your name as an annotator (it is written into the responses file you hand in):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dialogs.py" line="110"/>
        <source>Your name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dialogs.py" line="119"/>
        <source>That name cannot be used: {problem}. Please type it again.

Your name as an annotator (it is written into the responses file you hand in):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dialogs.py" line="153"/>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dialogs.py" line="159"/>
        <source>Enter (in any answer field)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dialogs.py" line="160"/>
        <source>Save and go to the next unfinished instance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dialogs.py" line="161"/>
        <source>Tab / Shift+Tab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dialogs.py" line="162"/>
        <source>Move between the answer fields</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dialogs.py" line="173"/>
        <location filename="../../lexsub_studio/gui/dialogs.py" line="174"/>
        <source>Keyboard shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dialogs.py" line="177"/>
        <source>Everything can be done from the keyboard:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dialogs.py" line="179"/>
        <source>Keys</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dialogs.py" line="180"/>
        <source>Action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dialogs.py" line="182"/>
        <source>Shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dialogs.py" line="196"/>
        <location filename="../../lexsub_studio/gui/dialogs.py" line="197"/>
        <source>Glossary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dialogs.py" line="200"/>
        <source>Term</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dialogs.py" line="201"/>
        <source>Where</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dialogs.py" line="202"/>
        <source>Definition</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dialogs.py" line="204"/>
        <source>Terms and their definitions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dialogs.py" line="219"/>
        <source>{hours} h {minutes:02d} min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dialogs.py" line="220"/>
        <source>{minutes} min {secs:02d} s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dialogs.py" line="233"/>
        <location filename="../../lexsub_studio/gui/dialogs.py" line="234"/>
        <source>Progress summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dialogs.py" line="238"/>
        <source>Summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dialogs.py" line="240"/>
        <source>&lt;b&gt;{finished} of {total}&lt;/b&gt; instances answered ({percent})&lt;br&gt;done {done} · flagged {flagged} (NIL {nil}, proper name {proper_name}) · partial {partial} · empty {empty}&lt;br&gt;multiwords given: {multiword}&lt;br&gt;time spent: {time}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dialogs.py" line="250"/>
        <source> (about {mean:.0f} s per answered instance)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dialogs.py" line="254"/>
        <source>Target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dialogs.py" line="255"/>
        <source>Answered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dialogs.py" line="256"/>
        <source>Instances</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dialogs.py" line="258"/>
        <source>Progress per target</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DroppedFiles</name>
    <message>
        <location filename="../../lexsub_studio/gui/window/drops.py" line="37"/>
        <source>{name} (one corpus at a time)</source>
        <extracomment>The corpus or package to open as the session, if one was dropped. The workspace to show: that of the first file that found a place (not Annotate, which the opened corpus shows). The files not opened and why, as a status-bar sentence (&quot;&quot; when all found a place).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/drops.py" line="40"/>
        <source>{name} (open it on its own)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/drops.py" line="46"/>
        <source>Not opened: </source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ExportPanel</name>
    <message>
        <location filename="../../lexsub_studio/gui/gold/export_panel.py" line="78"/>
        <source>Export</source>
        <extracomment>A job writes its files and returns their paths ([] when cancelled before writing). the paths an export wrote; [] when it failed, was cancelled or wrote nothing.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/export_panel.py" line="88"/>
        <location filename="../../lexsub_studio/gui/gold/export_panel.py" line="89"/>
        <source>Anonymise annotator names</source>
        <extracomment>The user&apos;s files (responses, corpus) the save dialogs open beside. what the running export says when it is done (from the paths) or when it fails.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/export_panel.py" line="90"/>
        <source>Write A1, A2 … instead of names in the report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/export_panel.py" line="94"/>
        <source>Gold…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/export_panel.py" line="95"/>
        <source>Multiword gold…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/export_panel.py" line="96"/>
        <source>Gold with provenance (CSV)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/export_panel.py" line="97"/>
        <source>Merge mapping…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/export_panel.py" line="98"/>
        <source>Agreement report (CSV, HTML)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/export_panel.py" line="99"/>
        <source>Chart (PNG, SVG, PDF)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/export_panel.py" line="101"/>
        <source>Export {what}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/export_panel.py" line="107"/>
        <source>Writing the export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/export_panel.py" line="109"/>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/export_panel.py" line="110"/>
        <source>Cancel the export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/export_panel.py" line="111"/>
        <source>Stop the export before it writes anything</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/export_panel.py" line="116"/>
        <source>Export status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/export_panel.py" line="129"/>
        <source>Export the gold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/export_panel.py" line="130"/>
        <source>Cannot write the gold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/export_panel.py" line="131"/>
        <source>Gold: {lines} line(s) written to {path}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/export_panel.py" line="134"/>
        <source>Export the multiword gold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/export_panel.py" line="135"/>
        <source>Cannot write the multiword gold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/export_panel.py" line="136"/>
        <source>Multiword gold: {lines} line(s) written to {path}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/export_panel.py" line="144"/>
        <source>Gold files (*.gold *.txt);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/export_panel.py" line="149"/>
        <source>building the gold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/export_panel.py" line="165"/>
        <source>Export the gold with provenance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/export_panel.py" line="166"/>
        <source>CSV (*.csv);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/export_panel.py" line="170"/>
        <source>building the gold with provenance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/export_panel.py" line="178"/>
        <source>Cannot write the provenance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/export_panel.py" line="179"/>
        <source>Gold with provenance written to {path}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/export_panel.py" line="184"/>
        <source>Export the merge mapping</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/export_panel.py" line="185"/>
        <source>Merge map (*.tsv *.txt);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/export_panel.py" line="192"/>
        <source>Cannot write the mapping</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/export_panel.py" line="193"/>
        <source>{count} accepted merge(s) written to {path}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/export_panel.py" line="202"/>
        <source>Export the agreement report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/export_panel.py" line="203"/>
        <source>Report (*.html *.csv);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/export_panel.py" line="211"/>
        <source>the figures (CSV)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/export_panel.py" line="211"/>
        <source>the report page (HTML)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/export_panel.py" line="226"/>
        <source>Cannot write the report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/export_panel.py" line="227"/>
        <source>Agreement report written to {csv} and {html}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/export_panel.py" line="233"/>
        <source>Export the chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/export_panel.py" line="234"/>
        <source>PNG image (*.png);;SVG image (*.svg);;PDF document (*.pdf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/export_panel.py" line="240"/>
        <source>drawing the chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/export_panel.py" line="249"/>
        <source>Cannot write the chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/export_panel.py" line="250"/>
        <source>Chart written to {path}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/export_panel.py" line="275"/>
        <source>Writing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/export_panel.py" line="304"/>
        <source>Export cancelled; nothing was written.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/export_panel.py" line="310"/>
        <source>Writing: {step}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FiguresChart</name>
    <message>
        <location filename="../../lexsub_studio/gui/gold/chart.py" line="83"/>
        <source>Agreement figures with {confidence}% intervals</source>
        <extracomment>The formats a chart can be saved in (by file extension). The chart&apos;s size in inches, on screen and in a file. A figure&apos;s label on the chart is wrapped at this many characters. The room left between the widest interval and the chart&apos;s frame, in figure units.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/chart.py" line="87"/>
        <source>Agreement figures</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/chart.py" line="92"/>
        <source>Add annotators&apos; responses files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/chart.py" line="104"/>
        <source>cannot save a chart as &apos;.{suffix}&apos;; use one of {formats}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FileNotesBar</name>
    <message>
        <location filename="../../lexsub_studio/gui/notes_bar.py" line="65"/>
        <source>Notes about the open file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/notes_bar.py" line="70"/>
        <source>What the reader noted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/notes_bar.py" line="71"/>
        <source>A summary of the notes; the Details link lists every one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/notes_bar.py" line="78"/>
        <source>Hide the notes about the file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/notes_bar.py" line="96"/>
        <source>Notes about {name}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/notes_bar.py" line="98"/>
        <source>{summary} &lt;a href=&quot;{link}&quot;&gt;Details&lt;/a&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/notes_bar.py" line="116"/>
        <source>Every note with its line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/notes_bar.py" line="121"/>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FilesPage</name>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="172"/>
        <source>Tokenised sentences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="173"/>
        <source>Add tab-separated CoNLL files (columns id, form, lemma, pos; a blank line after each sentence). You can also drop them here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="177"/>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="206"/>
        <source>CoNLL files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="178"/>
        <source>The files the sentences are read from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="180"/>
        <source>&amp;Add files…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="181"/>
        <source>Add CoNLL files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="182"/>
        <source>&amp;Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="183"/>
        <source>Remove the selected files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="186"/>
        <source>What was read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="188"/>
        <source>Problems in the files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="189"/>
        <source>reading the files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="208"/>
        <source>CoNLL files (*.conll *.conllu *.conllx *.tsv *.txt);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="242"/>
        <source>Reading {count} file(s)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="251"/>
        <source>Read {sentences} sentence(s), {tokens} token(s) from {files} file(s); {lemmas} lemma.pos could be targets.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="270"/>
        <source>Cannot read the files: </source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FrequencyModel</name>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/frequency_model.py" line="43"/>
        <source>Target</source>
        <extracomment>Role returning the row&apos;s lexelt, whatever the column (the row&apos;s key).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/frequency_model.py" line="44"/>
        <source>lemma.pos; tick it to make it a target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/frequency_model.py" line="47"/>
        <source>Lemma</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/frequency_model.py" line="48"/>
        <source>the lemma column of the files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/frequency_model.py" line="51"/>
        <source>PoS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/frequency_model.py" line="52"/>
        <source>mapped from the PTB tag: NN* n, VB* v, JJ* a, RB* r</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/frequency_model.py" line="55"/>
        <source>Tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/frequency_model.py" line="56"/>
        <source>how many tokens have this lemma and PoS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/frequency_model.py" line="59"/>
        <source>Sentences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/frequency_model.py" line="60"/>
        <source>how many sentences hold it: the most instances it can get</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GoldColumns</name>
    <message>
        <location filename="../../lexsub_studio/gui/gold/models.py" line="257"/>
        <source>Variant</source>
        <extracomment>A cell&apos;s tool tip from its row key and column name (None: the cell&apos;s text). the source rows shown, in display order.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/models.py" line="258"/>
        <source>Merge into</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/models.py" line="259"/>
        <source>Why</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/models.py" line="260"/>
        <source>Responses</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/models.py" line="261"/>
        <source>Scope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/models.py" line="262"/>
        <source>Decision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="70"/>
        <location filename="../../lexsub_studio/gui/gold/views.py" line="38"/>
        <source>Annotator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="71"/>
        <source>Given</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="72"/>
        <location filename="../../lexsub_studio/gui/gold/views.py" line="35"/>
        <source>Answered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="73"/>
        <location filename="../../lexsub_studio/gui/gold/views.py" line="42"/>
        <source>Missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="74"/>
        <source>Unexpected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="75"/>
        <source>Done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/views.py" line="24"/>
        <source>Figure</source>
        <extracomment>The headers below, marked for translation (context &quot;GoldColumns&quot;): the panels translate them where a model is built (``tables.translated_columns``).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/views.py" line="24"/>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/views.py" line="25"/>
        <source>Scores</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/views.py" line="26"/>
        <source>Interval low</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/views.py" line="27"/>
        <source>Interval high</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/views.py" line="28"/>
        <source>Items</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/views.py" line="28"/>
        <source>In T</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/views.py" line="29"/>
        <source>Pairwise</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/views.py" line="29"/>
        <source>Mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/views.py" line="30"/>
        <source>Mode (leave one out)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/views.py" line="31"/>
        <source>MW identification</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/views.py" line="32"/>
        <source>MW string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/views.py" line="33"/>
        <source>Target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/views.py" line="33"/>
        <source>Id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/views.py" line="34"/>
        <source>Mode agr.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/views.py" line="34"/>
        <source>PoS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/views.py" line="36"/>
        <source>Substitutes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/views.py" line="37"/>
        <source>Multiwords</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/views.py" line="39"/>
        <source>Substitutes (normalised)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/views.py" line="40"/>
        <source>Multiword</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/views.py" line="41"/>
        <source>Flags</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/views.py" line="41"/>
        <source>Comment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/views.py" line="42"/>
        <source>NIL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/views.py" line="43"/>
        <source>Proper name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/views.py" line="44"/>
        <source>Gold entries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/views.py" line="45"/>
        <source>Changed</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GoldItem</name>
    <message>
        <location filename="../../lexsub_studio/gui/gold/item_text.py" line="17"/>
        <source>proper name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/item_text.py" line="17"/>
        <source>NIL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/item_text.py" line="18"/>
        <source>no answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/item_text.py" line="19"/>
        <source>blank row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/item_text.py" line="31"/>
        <source>The sentence is not available: open or choose the corpus.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GoldSources</name>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/gold_sources.py" line="58"/>
        <source>Open gold…</source>
        <extracomment>The gold or the multiword gold changed: the systems are to be scored again. A corpus was opened here: the item view shows its sentences. A short message for the status bar. The parent of dialogs and widgets. What mw system files are scored against: a file, or the multiword gold assembled in Gold and Agreement (made when an mw file first needs it); None: mw files wait. The user chose the multiword gold: opening another gold does not replace it.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/gold_sources.py" line="59"/>
        <source>Open the gold file the systems are scored against</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/gold_sources.py" line="61"/>
        <source>Use assembled gold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/gold_sources.py" line="63"/>
        <source>Score against the gold assembled in the Gold and Agreement workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/gold_sources.py" line="65"/>
        <source>No gold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/gold_sources.py" line="66"/>
        <source>Gold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/gold_sources.py" line="68"/>
        <source>Multiword gold…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/gold_sources.py" line="70"/>
        <source>Open the multiword gold that mw system files are scored against</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/gold_sources.py" line="71"/>
        <location filename="../../lexsub_studio/gui/scoring/gold_sources.py" line="115"/>
        <source>No multiword gold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/gold_sources.py" line="72"/>
        <source>Multiword gold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/gold_sources.py" line="74"/>
        <source>Open corpus…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/gold_sources.py" line="75"/>
        <source>Open the corpus whose sentences the item view shows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/gold_sources.py" line="93"/>
        <source>Open a gold file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/gold_sources.py" line="94"/>
        <source>Gold files (*gold* *.txt *);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/gold_sources.py" line="108"/>
        <source>Problems in the gold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/gold_sources.py" line="110"/>
        <location filename="../../lexsub_studio/gui/scoring/gold_sources.py" line="179"/>
        <source>Problems in the multiword gold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/gold_sources.py" line="127"/>
        <source>Cannot open the gold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/gold_sources.py" line="142"/>
        <source>multiword gold from Gold and Agreement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/gold_sources.py" line="145"/>
        <source>Multiword gold: {label}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/gold_sources.py" line="147"/>
        <source>assembled with the gold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/gold_sources.py" line="148"/>
        <source>gold from Gold and Agreement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/gold_sources.py" line="155"/>
        <source>Gold: {label} ({count} items)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/gold_sources.py" line="163"/>
        <source>Open the multiword gold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/gold_sources.py" line="164"/>
        <source>Multiword gold (mwgold* *.mwgold *.mw);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/gold_sources.py" line="181"/>
        <source>chosen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/gold_sources.py" line="188"/>
        <source>Cannot open the multiword gold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/gold_sources.py" line="193"/>
        <source>Multiword gold: {label} ({count} items)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/gold_sources.py" line="201"/>
        <source>Open the corpus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/gold_sources.py" line="202"/>
        <source>Lexelt XML corpus (*.xml);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/gold_sources.py" line="219"/>
        <source>Cannot open the corpus</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GoldWorkspace</name>
    <message>
        <location filename="../../lexsub_studio/gui/gold/workspace.py" line="67"/>
        <source>Gold and agreement workspace</source>
        <extracomment>A computation finished and every view shows its result (tests and automation wait). A computation failed; the message shown.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/workspace.py" line="79"/>
        <source>Gold and agreement panels</source>
        <extracomment>The open corpus changed while the workspace was off screen (see _on_session_changed).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/workspace.py" line="81"/>
        <source>Inputs and exports</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/workspace.py" line="117"/>
        <source>Gold and agreement views</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/workspace.py" line="119"/>
        <source>Summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/workspace.py" line="121"/>
        <source>Pairs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/workspace.py" line="124"/>
        <source>Items</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/workspace.py" line="126"/>
        <source>Adjudication</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/workspace.py" line="129"/>
        <source>Curation page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/workspace.py" line="131"/>
        <source>Curation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/workspace.py" line="133"/>
        <source>Team packages page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/workspace.py" line="134"/>
        <source>Team</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/workspace.py" line="146"/>
        <source>Add responses files…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/workspace.py" line="148"/>
        <source>Export gold…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/workspace.py" line="150"/>
        <source>Export multiword gold…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/workspace.py" line="153"/>
        <source>Export merge mapping…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/workspace.py" line="156"/>
        <source>Export agreement report…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/workspace.py" line="159"/>
        <source>Open campaign…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/workspace.py" line="304"/>
        <source>Cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/workspace.py" line="308"/>
        <source>Computing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/workspace.py" line="311"/>
        <source>Computing: {step}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/workspace.py" line="314"/>
        <source>Cannot compute the agreement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/workspace.py" line="357"/>
        <source>Computed from {files} file(s); {problems} input problem(s).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/workspace.py" line="359"/>
        <source>Computed from {files} file(s).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/workspace.py" line="369"/>
        <source>Problems in the responses files</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GuidelinesDock</name>
    <message>
        <location filename="../../lexsub_studio/gui/window/guidelines_dock.py" line="27"/>
        <source>Guidelines</source>
        <extracomment>The page whose guidelines are open by default.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/guidelines_dock.py" line="37"/>
        <source>&amp;Guidelines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/guidelines_dock.py" line="53"/>
        <source>Guidelines file unreadable, showing the default: {reason}</source>
        <extracomment>The page (workspace key, or the start screen&apos;s) whose visibility the dock shows.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/guidelines_dock.py" line="61"/>
        <source>Guidelines file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/guidelines_dock.py" line="62"/>
        <source>Guidelines (*.md *.markdown *.html *.htm *.txt);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/guidelines_dock.py" line="69"/>
        <source>Cannot read the guidelines</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GuidelinesPane</name>
    <message>
        <location filename="../../lexsub_studio/gui/guidelines.py" line="40"/>
        <source>Guidelines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/guidelines.py" line="40"/>
        <source>The annotation guidelines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/guidelines.py" line="67"/>
        <source>Completion from your own earlier answers is on: the substitute fields offer the words you gave for other instances of this target. Offered words may belong to another sense; take one only if it fits this sentence.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/guidelines.py" line="71"/>
        <source>Completion from your own earlier answers is off (View &gt; Complete from my earlier answers): each instance is a fresh judgement, so the words you gave for one sense of the target are not offered for another.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/guidelines.py" line="105"/>
        <source># Guidelines

The default guidelines are not installed. Use *View &gt; Guidelines file…* to show your organiser&apos;s guidelines.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Help</name>
    <message>
        <location filename="../../lexsub_studio/gui/window/help_dialogs.py" line="26"/>
        <source>Agreement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/help_dialogs.py" line="27"/>
        <source>Scoring</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>InstanceListPanel</name>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/instance_list.py" line="52"/>
        <source>Target filter</source>
        <extracomment>The annotator chose an instance in the list (its index in the work). The instance on screen, kept selected whatever the filters do.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/instance_list.py" line="53"/>
        <source>Show the instances of one target word</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/instance_list.py" line="54"/>
        <source>Status filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/instance_list.py" line="55"/>
        <source>Show the instances with one status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/instance_list.py" line="57"/>
        <source>All statuses</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/instance_list.py" line="58"/>
        <source>Unfinished (empty or partial)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/instance_list.py" line="59"/>
        <source>Empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/instance_list.py" line="60"/>
        <source>Partial</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/instance_list.py" line="61"/>
        <source>Done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/instance_list.py" line="62"/>
        <source>Flagged (NIL or proper name)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/instance_list.py" line="66"/>
        <source>Search instances</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/instance_list.py" line="67"/>
        <source>Find instances by id, target or sentence text (Ctrl+F)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/instance_list.py" line="69"/>
        <source>Search id or sentence…  (Ctrl+F)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/instance_list.py" line="71"/>
        <source>Instances</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/instance_list.py" line="72"/>
        <source>Every instance with its status; Enter or click opens it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/instance_list.py" line="74"/>
        <source>Instances shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/instance_list.py" line="158"/>
        <source>All targets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/instance_list.py" line="257"/>
        <source>{shown} of {total} assigned instances shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/instance_list.py" line="259"/>
        <source>{total} instances assigned to you</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/instance_list.py" line="263"/>
        <source>{shown} of {total} instances shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/instance_list.py" line="264"/>
        <source>{total} instances</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>InstanceTableModel</name>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/instance_model.py" line="37"/>
        <source>Target</source>
        <extracomment>The current answer (shown when View &gt; Answers in the instance list is on). Why the row matched the search (shown while searching).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/instance_model.py" line="38"/>
        <source>Id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/instance_model.py" line="39"/>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/instance_model.py" line="40"/>
        <source>Answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/instance_model.py" line="41"/>
        <source>Found</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ItemsModel</name>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/models.py" line="245"/>
        <source>spread</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ItemsPage</name>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/items_page.py" line="53"/>
        <source>Item filters</source>
        <extracomment>A system&apos;s score column is never wider than this (pixels): the name is elided instead. The items table takes at most this share of the tab&apos;s width, so the item view stays readable. The items table shows new per-item scores.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/items_page.py" line="54"/>
        <source>Item measure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/items_page.py" line="56"/>
        <source>PoS filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/items_page.py" line="57"/>
        <source>all PoS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/items_page.py" line="58"/>
        <source>Lexelt filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/items_page.py" line="59"/>
        <source>all lexelts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/items_page.py" line="60"/>
        <source>only items all systems fail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/items_page.py" line="61"/>
        <source>Only items all systems fail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/items_page.py" line="62"/>
        <source>Most disagreement first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/items_page.py" line="64"/>
        <source>Sort the items by the spread of the systems&apos; scores, largest first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/items_page.py" line="66"/>
        <source>Measure:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/items_page.py" line="71"/>
        <source>Items panels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/items_page.py" line="73"/>
        <source>Items</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/items_page.py" line="81"/>
        <source>Item view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/items_page.py" line="82"/>
        <source>The sentence, the gold and each system&apos;s answers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/items_page.py" line="86"/>
        <source>System to explain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/items_page.py" line="88"/>
        <source>Explain for:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/items_page.py" line="92"/>
        <source>Explanation of the item&apos;s score</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/items_page.py" line="134"/>
        <source>The per-item scores failed</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ItemsPanel</name>
    <message>
        <location filename="../../lexsub_studio/gui/gold/items_panel.py" line="56"/>
        <source>Items shown</source>
        <extracomment>an item was shown (its key), so that the curation view can follow. the heatmap cell whose disagreements are listed (row, column, names, threshold).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/items_panel.py" line="57"/>
        <location filename="../../lexsub_studio/gui/gold/items_panel.py" line="58"/>
        <source>Show all items</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/items_panel.py" line="66"/>
        <source>Items by agreement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/items_panel.py" line="67"/>
        <source>Every item; select one to see the sentence and every answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/items_panel.py" line="80"/>
        <source>Sentence of the item</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/items_panel.py" line="86"/>
        <source>Every annotator&apos;s answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/items_panel.py" line="98"/>
        <source>Items and item detail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/items_panel.py" line="105"/>
        <source>All items, least agreement first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/items_panel.py" line="159"/>
        <source>Items where {first} and {second} share no substitute: {shown} of {together} they both answered with substitutes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/items_panel.py" line="162"/>
        <source>Items where {first} and {second} disagree by at least {threshold:.2f} (pair score at most {score:.2f}): {shown} of {together} they both answered with substitutes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/items_panel.py" line="193"/>
        <source>Pair scores: {scores}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LeaguePage</name>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/league_page.py" line="39"/>
        <source>League table options</source>
        <extracomment>The league or breakdown table was (re)built.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/league_page.py" line="41"/>
        <source>Official or clean figures</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/league_page.py" line="42"/>
        <source>Clean scoring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/league_page.py" line="43"/>
        <source>Official scorer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/league_page.py" line="44"/>
        <source>Breakdown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/league_page.py" line="45"/>
        <source>Overall</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/league_page.py" line="46"/>
        <source>Per PoS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/league_page.py" line="47"/>
        <source>Per lexelt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/league_page.py" line="49"/>
        <source>Breakdown measure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/league_page.py" line="51"/>
        <source>Measures of one task</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/league_page.py" line="52"/>
        <source>{task} measures</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/league_page.py" line="54"/>
        <source>every measure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/league_page.py" line="55"/>
        <source>Show one task&apos;s measures, as a paper&apos;s table of that task does, or every measure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/league_page.py" line="60"/>
        <source>Fractions or percentages</source>
        <extracomment>The user picked a task: new systems no longer choose it.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/league_page.py" line="61"/>
        <source>percentages (35.98)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/league_page.py" line="62"/>
        <source>fractions (0.360)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/league_page.py" line="63"/>
        <source>Percentages with two decimals, as the task published its figures, or fractions to three decimals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/league_page.py" line="70"/>
        <source>Figures:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/league_page.py" line="71"/>
        <source>Task:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/league_page.py" line="72"/>
        <source>Numbers:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/league_page.py" line="73"/>
        <source>Show:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/league_page.py" line="74"/>
        <source>Measure:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/league_page.py" line="79"/>
        <source>League table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/league_page.py" line="83"/>
        <source>Explanation of the selected figure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/league_page.py" line="154"/>
        <source>The breakdown failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/league_page.py" line="182"/>
        <source>Open a gold and add system outputs to score them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/league_page.py" line="185"/>
        <source> (the official scorer computes the best, oot and mw measures only)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/league_page.py" line="187"/>
        <source>No system has {task} here{why}: choose another task.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/league_page.py" line="189"/>
        <source>Select a figure to see its numerator and denominator.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Loading</name>
    <message>
        <location filename="../../lexsub_studio/gui/window/loading.py" line="17"/>
        <source>Loading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/loading.py" line="20"/>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/loading.py" line="21"/>
        <source>Cancel loading</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../lexsub_studio/gui/main_window.py" line="84"/>
        <location filename="../../lexsub_studio/gui/main_window.py" line="217"/>
        <source>LexSub Studio</source>
        <extracomment>The start screen&apos;s key for the per-page guidelines visibility. A corpus or package finished opening (tests and automation wait for it). Opening failed; the argument is the message shown to the user.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/main_window.py" line="123"/>
        <source>importing responses</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/main_window.py" line="125"/>
        <source>Import cancelled; your answers are unchanged.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/main_window.py" line="127"/>
        <source>Annotator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/main_window.py" line="221"/>
        <source>{title} — {annotator} — LexSub Studio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/main_window.py" line="223"/>
        <source>Annotator: {name}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/main_window.py" line="225"/>
        <source>Answers are saved as you work in {path}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/main_window.py" line="237"/>
        <source>Open a corpus or annotator package</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/main_window.py" line="239"/>
        <source>Corpora and packages (*.xml *{suffix});;Lexelt XML corpus (*.xml);;Annotator package (*{suffix});;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/main_window.py" line="284"/>
        <source>Not opened: {name} is not a corpus.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/main_window.py" line="313"/>
        <source>Cannot open the files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/main_window.py" line="340"/>
        <source>Nothing to undo.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/main_window.py" line="344"/>
        <source>Undid the {change}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/main_window.py" line="352"/>
        <source>Nothing to redo.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/main_window.py" line="356"/>
        <source>Redid the {change}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/main_window.py" line="371"/>
        <source>Exported {count} answers to {path}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/main_window.py" line="410"/>
        <source>Text size {size:g} pt (Ctrl+0: the system&apos;s {system:g} pt).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/main_window.py" line="416"/>
        <source>Text size back to the system&apos;s {system:g} pt.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MergesPanel</name>
    <message>
        <location filename="../../lexsub_studio/gui/gold/merges_panel.py" line="37"/>
        <source>Proposed merges of spelling and lemma variants. Accept or reject them (Edit › Undo takes a decision back); the gold below follows. Double-click “Merge into” to change the target form.</source>
        <extracomment>a merge was accepted, rejected or taken back (the responses must be pooled again).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/merges_panel.py" line="45"/>
        <source>Proposed merges</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/merges_panel.py" line="51"/>
        <source>A&amp;ccept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/merges_panel.py" line="52"/>
        <source>Accept the selected merges</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/merges_panel.py" line="53"/>
        <source>Re&amp;ject</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/merges_panel.py" line="54"/>
        <source>Reject the selected merges</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/merges_panel.py" line="55"/>
        <source>Undecided</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/merges_panel.py" line="57"/>
        <source>Take back the decision on the selected merges</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/merges_panel.py" line="62"/>
        <source>Merge decisions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/merges_panel.py" line="67"/>
        <source>Gold preview summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/merges_panel.py" line="70"/>
        <source>Gold preview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/merges_panel.py" line="72"/>
        <source>The gold as it stands; lines changed by merges in bold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/merges_panel.py" line="79"/>
        <source>Why there is nothing to adjudicate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/merges_panel.py" line="83"/>
        <source>Merges and gold preview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/merges_panel.py" line="127"/>
        <source>{accepted} accepted, {rejected} rejected, {undecided} undecided of {total}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/merges_panel.py" line="154"/>
        <source>No merges proposed: every response already counts once. Merges appear here when responses differ only by spelling, case or inflection.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/merges_panel.py" line="158"/>
        <source>Add annotators&apos; responses files: merges of responses that differ only by spelling, case or inflection are proposed here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/merges_panel.py" line="169"/>
        <source>Gold preview: {lines} line(s), {changed} changed by the accepted merges.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>NewTaskWizard</name>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="71"/>
        <source>Back</source>
        <extracomment>Instances shown on the preview page (the rest are counted).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="72"/>
        <source>Next</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="74"/>
        <source>Commit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="76"/>
        <source>Finish</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="78"/>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="79"/>
        <source>Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="116"/>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="117"/>
        <source>New task from CoNLL files</source>
        <extracomment>The corpus was saved and the user asked to open it (its path).</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>NotesBar</name>
    <message>
        <location filename="../../lexsub_studio/gui/notes_bar.py" line="54"/>
        <source> (and {more} more)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/notes_bar.py" line="56"/>
        <source>{file_name} is open, with {kind} about the file; you need not do anything. First: {first}{tail}.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PairsPanel</name>
    <message>
        <location filename="../../lexsub_studio/gui/gold/pairs_panel.py" line="33"/>
        <source>Mean pairwise agreement of each annotator pair, from white (0) to deep blue (1); grey: no item in common. Click a cell (or press Enter on it) to list the items that pair disagrees on by at least the threshold.</source>
        <extracomment>the cell (first annotator, second annotator) was opened.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/pairs_panel.py" line="39"/>
        <source>&amp;Disagreement at least:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/pairs_panel.py" line="41"/>
        <source>Disagreement threshold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/pairs_panel.py" line="42"/>
        <source>An item is listed when 1 minus the pair&apos;s score on it (overlap over union of their substitutes) is at least this: 1 lists the items where they share nothing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/pairs_panel.py" line="57"/>
        <source>Pairwise agreement heatmap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/pairs_panel.py" line="58"/>
        <source>Annotator by annotator; Enter or click lists the pair&apos;s disagreements</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PlotsPage</name>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/plots_page.py" line="24"/>
        <source>Top-n coverage F</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/plots_page.py" line="25"/>
        <source>Per-PoS bars</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/plots_page.py" line="26"/>
        <source>Per-item score distribution</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/plots_page.py" line="27"/>
        <source>PNG image (*.png);;SVG image (*.svg);;PDF document (*.pdf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/plots_page.py" line="42"/>
        <location filename="../../lexsub_studio/gui/scoring/plots_page.py" line="53"/>
        <location filename="../../lexsub_studio/gui/scoring/plots_page.py" line="86"/>
        <source>Plot</source>
        <extracomment>A short message for the status bar.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/plots_page.py" line="44"/>
        <source>Plot measure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/plots_page.py" line="48"/>
        <source>Export plot…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/plots_page.py" line="50"/>
        <source>Save the plot as PNG, SVG or PDF</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/plots_page.py" line="102"/>
        <source>Export the plot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/plots_page.py" line="109"/>
        <source>Cannot export the plot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/plots_page.py" line="111"/>
        <source>Plot written to {written}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PreviewPage</name>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="444"/>
        <source>Preview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="445"/>
        <source>The sampled instances, the target in each marked [like this].</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="446"/>
        <source>Sample summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="449"/>
        <source>Sampling problems</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="450"/>
        <source>Sampled instances</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="451"/>
        <source>The first sampled instances with the target marked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="452"/>
        <source>Equivalent command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="453"/>
        <source>The lexsub make-task command that makes the same corpus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="455"/>
        <source>sampling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="457"/>
        <source>Same as:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="486"/>
        <source>Sampling…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="496"/>
        <source>{instances} instance(s) in {lexelts} lexelt(s).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="499"/>
        <source>{target}: {drawn} of {candidates} sentence(s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="518"/>
        <source>Cannot sample: {reason}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RecentFiles</name>
    <message>
        <location filename="../../lexsub_studio/gui/window/recent_files.py" line="22"/>
        <source>Open &amp;recent</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Responses</name>
    <message>
        <location filename="../../lexsub_studio/gui/responses_io.py" line="32"/>
        <source>Responses files (*.tsv *.txt);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/responses_io.py" line="73"/>
        <source>Export responses</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/responses_io.py" line="78"/>
        <source>Writing {count} answers to {path}…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/responses_io.py" line="87"/>
        <source>Cannot export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/responses_io.py" line="102"/>
        <location filename="../../lexsub_studio/gui/responses_io.py" line="119"/>
        <location filename="../../lexsub_studio/gui/responses_io.py" line="137"/>
        <source>Import responses</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/responses_io.py" line="106"/>
        <source>Reading {path}…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/responses_io.py" line="117"/>
        <source>The file has {count} problem(s):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/responses_io.py" line="123"/>
        <source>Cannot import</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/responses_io.py" line="138"/>
        <source>The file holds answers by {other!r}, not by {me!r}. Import them as your answers?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/responses_io.py" line="150"/>
        <source>{count} by other annotators</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/responses_io.py" line="153"/>
        <source>{count} for instances not in this corpus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/responses_io.py" line="156"/>
        <source>{count} blank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/responses_io.py" line="157"/>
        <source>Imported {count} answers ({replaced} replaced earlier answers).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/responses_io.py" line="161"/>
        <source>Skipped: {what}.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SamplingPage</name>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="391"/>
        <source>Sampling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="392"/>
        <source>How many sentences per target, drawn with which seed. The same files, targets, number and seed always give the same corpus.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="395"/>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="407"/>
        <source>Sentences per target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="396"/>
        <source>How many sentences to draw for each target; all when set to &apos;all&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="399"/>
        <source>all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="400"/>
        <source>Random seed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="401"/>
        <source>The seed of the sampling (same seed, same sentences)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="403"/>
        <source>First instance id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="404"/>
        <source>Instance ids are numbers counting from this one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="412"/>
        <source>Sentences per &amp;target:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="413"/>
        <source>Random &amp;seed:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="414"/>
        <source>First instance &amp;id:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SavePage</name>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="532"/>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="542"/>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="573"/>
        <source>Save the corpus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="533"/>
        <source>The corpus is written as lexelt XML (a complete file or none: the write is atomic).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="535"/>
        <source>Corpus file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="536"/>
        <source>Where the new corpus is written</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="538"/>
        <source>&amp;Choose…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="539"/>
        <source>Choose the corpus file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="541"/>
        <source>&amp;Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="544"/>
        <source>Save status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="547"/>
        <source>&amp;Open the new corpus in the Annotate workspace when I click Finish</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="549"/>
        <source>Open the new corpus after the wizard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="551"/>
        <source>saving</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="557"/>
        <source>Corpus file:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="575"/>
        <source>Lexelt XML corpus (*.xml);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="591"/>
        <source>Choose the file to write first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="595"/>
        <source>Replace the file?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="596"/>
        <source>{path} exists. Replace it with the new corpus?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="603"/>
        <source>Writing {name}…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="612"/>
        <source>Saved {instances} instance(s) in {lexelts} lexelt(s) to {path}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="621"/>
        <source>Not saved: </source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ScoringWorkspace</name>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/workspace.py" line="67"/>
        <source>Scoring workspace</source>
        <extracomment>Measures of per-item scores (items, plots, significance). A precision figure has the same per-item scores as its recall (only the denominator differs), so it is not listed twice. Measures of a breakdown: every figure, precision included (it differs per group). Scoring finished and the views show the new systems (tests wait for it).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/workspace.py" line="92"/>
        <source>Scoring commands</source>
        <extracomment>The gold, the multiword gold and the corpus (with their buttons and labels). The gold prepared for scoring, shared by every system and every rescoring while the gold stays: [(gold, its items prepared)] (filled by the first scoring job). How long the GUI thread took to show the last scoring result (the benchmark reads it).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/workspace.py" line="96"/>
        <source>Systems and exports</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/workspace.py" line="98"/>
        <source>Add systems…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/workspace.py" line="99"/>
        <source>Add system output files (best, oot, mw, weighted)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/workspace.py" line="101"/>
        <source>Remove system</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/workspace.py" line="102"/>
        <source>Remove the system selected in the league table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/workspace.py" line="106"/>
        <source>Evaluation convention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/workspace.py" line="109"/>
        <source>Whose rules the figures follow: {conventions} (docs/metrics.md, Conventions)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/workspace.py" line="113"/>
        <source>Convention:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/workspace.py" line="117"/>
        <source>Export table…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/workspace.py" line="118"/>
        <source>Export the table shown as CSV, LaTeX, Markdown or HTML</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/workspace.py" line="120"/>
        <source>Export report…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/workspace.py" line="121"/>
        <source>One self-contained HTML report with tables and plots</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/workspace.py" line="123"/>
        <source>Scoring views</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/workspace.py" line="130"/>
        <source>League table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/workspace.py" line="131"/>
        <source>Items</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/workspace.py" line="132"/>
        <source>Plots</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/workspace.py" line="133"/>
        <source>Significance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/workspace.py" line="134"/>
        <source>Warnings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/workspace.py" line="147"/>
        <source>Scoring progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/workspace.py" line="152"/>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/workspace.py" line="153"/>
        <source>Stop scoring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/workspace.py" line="203"/>
        <source>Cannot open the files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/workspace.py" line="216"/>
        <source>Not opened here: {files}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/workspace.py" line="222"/>
        <source>Add system outputs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/workspace.py" line="252"/>
        <source>Collecting the per-item scores…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/workspace.py" line="288"/>
        <source>Scoring failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/workspace.py" line="306"/>
        <source>Scored {count} system(s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/workspace.py" line="308"/>
        <source>; {count} could not be read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/workspace.py" line="339"/>
        <source>Table written to {path}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/workspace.py" line="352"/>
        <source>Report written to {path}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SentenceView</name>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/sentence_view.py" line="20"/>
        <source>Sentence</source>
        <extracomment>The sentence is read closely: larger than the rest of the window.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/sentence_view.py" line="21"/>
        <source>The sentence to annotate; the target word is highlighted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/sentence_view.py" line="48"/>
        <source>{sentence} — target: {target}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SessionOpener</name>
    <message>
        <location filename="../../lexsub_studio/gui/window/opening.py" line="88"/>
        <source>Opening {name}…</source>
        <extracomment>The answers of the store&apos;s rescue files, read with it (off the GUI thread). A corpus or package finished opening. Opening failed; the argument is the message shown to the user. A sentence for the status bar. What a store repair did, told once the store opens again.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/opening.py" line="95"/>
        <source>Opening cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/opening.py" line="112"/>
        <source>Not opened: an annotator name is needed to keep your answers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/opening.py" line="116"/>
        <source>Read {count} instances; loading {annotator}&apos;s answers…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/opening.py" line="126"/>
        <source>{name} was not opened: answers of the open corpus are not saved yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/opening.py" line="134"/>
        <source>{repair} Opened {title}: {total} instances, {finished} answered.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/opening.py" line="142"/>
        <source>{count} saved answer(s) are for instances this file does not contain; they are kept in the store but not shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/opening.py" line="145"/>
        <source>No backup was made at opening: {reason}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/opening.py" line="170"/>
        <source>Cannot open the file</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SignificanceModel</name>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/models.py" line="305"/>
        <source>not compared</source>
        <extracomment>Cell backgrounds of the significance matrix: the row&apos;s system significantly better / worse.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/models.py" line="340"/>
        <source>against {name}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/models.py" line="345"/>
        <source>{name}, the system each row is compared with</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/models.py" line="355"/>
        <source>{name}, compared with each column&apos;s system</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SignificancePage</name>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/significance_page.py" line="54"/>
        <source>What to compare</source>
        <extracomment>A test finished; the argument is the text shown. Progress for the status bar.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/significance_page.py" line="55"/>
        <source>two systems</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/significance_page.py" line="56"/>
        <source>every pair of systems</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/significance_page.py" line="57"/>
        <source>each system against a baseline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/significance_page.py" line="59"/>
        <source>Baseline system</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/significance_page.py" line="60"/>
        <source>System A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/significance_page.py" line="61"/>
        <source>System B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/significance_page.py" line="63"/>
        <source>Significance measure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/significance_page.py" line="64"/>
        <source>Test</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/significance_page.py" line="65"/>
        <source>both tests</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/significance_page.py" line="66"/>
        <source>paired bootstrap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/significance_page.py" line="67"/>
        <source>approximate randomisation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/significance_page.py" line="69"/>
        <source>Samples</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/significance_page.py" line="73"/>
        <source>Seed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/significance_page.py" line="79"/>
        <source>Compare:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/significance_page.py" line="80"/>
        <source>Baseline:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/significance_page.py" line="81"/>
        <source>A:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/significance_page.py" line="81"/>
        <source>B:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/significance_page.py" line="82"/>
        <source>Measure:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/significance_page.py" line="82"/>
        <source>Test:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/significance_page.py" line="83"/>
        <source>Samples:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/significance_page.py" line="83"/>
        <source>Seed:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/significance_page.py" line="87"/>
        <source>Run test</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/significance_page.py" line="88"/>
        <source>Test whether the systems differ on per-item scores</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/significance_page.py" line="93"/>
        <source>Significance panels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/significance_page.py" line="96"/>
        <source>Significance matrix</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/significance_page.py" line="102"/>
        <source>Significance result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/significance_page.py" line="150"/>
        <source>Add two systems to compare them.</source>
        <extracomment>The last matrix run: how it was made (shown with a selected cell).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/significance_page.py" line="191"/>
        <source>The baseline {chosen} has no {label}: choose another baseline or measure.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/significance_page.py" line="193"/>
        <source>Choose the baseline to compare the systems with.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/significance_page.py" line="197"/>
        <source>Fewer than two systems have {label}: add systems or choose another measure.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/significance_page.py" line="228"/>
        <source>Running…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/significance_page.py" line="239"/>
        <source>Each cell: the row&apos;s system against the column&apos;s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/significance_page.py" line="240"/>
        <source>Each row: the system against the baseline {names}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/significance_page.py" line="242"/>
        <source>{what}: better, worse, or no significant difference, with its p-value; {matrix_note} Select a cell for the tests&apos; numbers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/significance_page.py" line="255"/>
        <source>{first} against {second}: {problem}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SourcesPanel</name>
    <message>
        <location filename="../../lexsub_studio/gui/gold/sources_panel.py" line="94"/>
        <source>&lt;b&gt;Annotators&apos; responses files&lt;/b&gt;</source>
        <extracomment>compute again; True when merges should be proposed anew (the inputs changed). files added to the list (resolved paths), before the computation is asked for. every file was removed from the list. these files must be read again (changed, removed or replaced). the corpus chosen to check the ids against changed (or was dropped). something could not be done: a title and the error.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/sources_panel.py" line="95"/>
        <source>Responses files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/sources_panel.py" line="96"/>
        <source>The annotators&apos; responses files pooled here; drop files on it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/sources_panel.py" line="101"/>
        <source>&amp;Add files…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/sources_panel.py" line="102"/>
        <source>Add responses files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/sources_panel.py" line="103"/>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/sources_panel.py" line="104"/>
        <source>Remove the selected files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/sources_panel.py" line="113"/>
        <source>Computing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/sources_panel.py" line="116"/>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/sources_panel.py" line="117"/>
        <source>Cancel the computation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/sources_panel.py" line="124"/>
        <source>Computation status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/sources_panel.py" line="129"/>
        <source>Options</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/sources_panel.py" line="131"/>
        <source>Corpus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/sources_panel.py" line="133"/>
        <source>Check against a corpus…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/sources_panel.py" line="134"/>
        <source>Choose a corpus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/sources_panel.py" line="135"/>
        <source>Check every id against a corpus and follow its order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/sources_panel.py" line="139"/>
        <location filename="../../lexsub_studio/gui/gold/sources_panel.py" line="140"/>
        <source>Keep case</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/sources_panel.py" line="141"/>
        <source>Do not lower-case the responses</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/sources_panel.py" line="145"/>
        <source>Bootstrap replicates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/sources_panel.py" line="146"/>
        <source>Replicates for the confidence intervals (0: none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/sources_panel.py" line="149"/>
        <source>Bootstrap seed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/sources_panel.py" line="152"/>
        <source>Bootstrap replicates:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/sources_panel.py" line="153"/>
        <source>Seed:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/sources_panel.py" line="154"/>
        <location filename="../../lexsub_studio/gui/gold/sources_panel.py" line="155"/>
        <source>Recompute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/sources_panel.py" line="156"/>
        <source>Compute again with these options</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/sources_panel.py" line="159"/>
        <source>Watch a folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/sources_panel.py" line="160"/>
        <source>Watch a folder of responses files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/sources_panel.py" line="161"/>
        <source>Add every responses file (*.tsv) of a folder and compute again whenever one arrives or changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/sources_panel.py" line="181"/>
        <source>Annotators&apos; responses files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/sources_panel.py" line="182"/>
        <source>Responses files (*.tsv *.txt);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/sources_panel.py" line="202"/>
        <source>{count} file(s) not added: already listed, or not a file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/sources_panel.py" line="228"/>
        <source>Folder of responses files to watch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/sources_panel.py" line="240"/>
        <source>No longer watching a folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/sources_panel.py" line="242"/>
        <source>Watching {folder}: {count} responses file(s).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/sources_panel.py" line="263"/>
        <source>Corpus to check the ids against</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/sources_panel.py" line="282"/>
        <source>Cannot read the corpus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/sources_panel.py" line="296"/>
        <source>Ids checked against {name}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/sources_panel.py" line="299"/>
        <source>Sentences from the open corpus; ids not checked against it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/sources_panel.py" line="301"/>
        <source>No corpus: items in order of first appearance.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StartScreen</name>
    <message>
        <location filename="../../lexsub_studio/gui/start_screen.py" line="31"/>
        <source>Start screen</source>
        <extracomment>The key of a workspace that works without an open corpus (Gold &amp; Agreement, Scoring ...).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/start_screen.py" line="38"/>
        <source>LexSub Studio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/start_screen.py" line="44"/>
        <source>Lexical substitution: for each sentence, give up to three words that could replace the highlighted target.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/start_screen.py" line="48"/>
        <source>Open a corpus or annotator package…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/start_screen.py" line="49"/>
        <source>Open a file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/start_screen.py" line="50"/>
        <source>Open a lexelt XML corpus or a .lexsubpkg package (Ctrl+O)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/start_screen.py" line="52"/>
        <source>Try the demo corpus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/start_screen.py" line="53"/>
        <source>Open the demo corpus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/start_screen.py" line="54"/>
        <source>A small corpus bundled with LexSub Studio, to learn the tool</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/start_screen.py" line="61"/>
        <location filename="../../lexsub_studio/gui/start_screen.py" line="62"/>
        <source>Recent files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/start_screen.py" line="63"/>
        <source>Files opened before; Enter or double-click opens one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/start_screen.py" line="65"/>
        <source>Drop any file onto this window: a corpus or package opens in Annotate, responses in Gold &amp; Agreement, a gold or system outputs in Scoring, CoNLL files in Dataset.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/start_screen.py" line="70"/>
        <source>Organising, scoring or teaching? No corpus is needed for:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/start_screen.py" line="118"/>
        <source>Go to {title}</source>
        <extracomment>One line per workspace saying what it is for (set_workspace_lines).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/start_screen.py" line="119"/>
        <source>{description} (Ctrl+{number})</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StatsModel</name>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/stats_model.py" line="31"/>
        <source>Level</source>
        <extracomment>Role returning the cell&apos;s value as the core computed it (int, float or None). Shown for a figure that is undefined (no gold, no annotator pairs). The tool tip of an undefined figure.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/stats_model.py" line="32"/>
        <source>all items, one part of speech, or one lexelt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/stats_model.py" line="35"/>
        <source>Group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/stats_model.py" line="36"/>
        <source>which items the row covers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/stats_model.py" line="39"/>
        <source>Instances</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/stats_model.py" line="40"/>
        <source>corpus instances</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/stats_model.py" line="43"/>
        <source>Gold items</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/stats_model.py" line="44"/>
        <source>gold lines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/stats_model.py" line="47"/>
        <source>Substitutes / item</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/stats_model.py" line="48"/>
        <source>mean number of distinct gold substitutes per gold item</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/stats_model.py" line="51"/>
        <source>Responses / item</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/stats_model.py" line="52"/>
        <source>mean pooled count per gold item (the sum of the frequencies)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/stats_model.py" line="56"/>
        <source>Items in T</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/stats_model.py" line="57"/>
        <source>gold items with 2 or more pooled responses</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/stats_model.py" line="60"/>
        <source>With a mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/stats_model.py" line="61"/>
        <source>items of T where one substitute has the highest frequency alone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/stats_model.py" line="65"/>
        <source>With a multiword</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/stats_model.py" line="66"/>
        <source>items with a multiword: from the multiword gold when given, else from the responses</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/stats_model.py" line="70"/>
        <source>Pairwise agreement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/stats_model.py" line="71"/>
        <source>mean pairwise agreement of the annotators over the group&apos;s items</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/stats_model.py" line="75"/>
        <source>Pairs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/stats_model.py" line="76"/>
        <source>item × annotator-pair scores behind the agreement</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StatsPanel</name>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/stats_panel.py" line="65"/>
        <source>Rows shown</source>
        <extracomment>A short message for the window&apos;s status bar (where the export went). The inputs of the statistics on screen (named in the summary).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/stats_panel.py" line="66"/>
        <source>Every row, all items, per PoS or per lexelt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/stats_panel.py" line="67"/>
        <source>Every row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/stats_panel.py" line="67"/>
        <source>All items</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/stats_panel.py" line="68"/>
        <source>Per PoS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/stats_panel.py" line="68"/>
        <source>Per lexelt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/stats_panel.py" line="72"/>
        <source>Export CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/stats_panel.py" line="73"/>
        <source>Export the statistics as CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/stats_panel.py" line="74"/>
        <source>Dataset statistics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/stats_panel.py" line="75"/>
        <source>Figures per PoS and lexelt; click a column to sort</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/stats_panel.py" line="86"/>
        <source>computing the statistics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/stats_panel.py" line="87"/>
        <source>writing the statistics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/stats_panel.py" line="89"/>
        <source>Statistics status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/stats_panel.py" line="93"/>
        <source>Problems in the files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/stats_panel.py" line="98"/>
        <source>Show:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/stats_panel.py" line="125"/>
        <source>Computing the statistics…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/stats_panel.py" line="138"/>
        <source>corpus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/stats_panel.py" line="142"/>
        <source>{count} responses file(s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/stats_panel.py" line="143"/>
        <source>From the {used}: {rows} row(s).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/stats_panel.py" line="146"/>
        <source> Add a gold file for the gold figures, responses for the agreement.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/stats_panel.py" line="152"/>
        <source> {count} problem(s) in the files, listed below.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/stats_panel.py" line="164"/>
        <source>No statistics: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/stats_panel.py" line="172"/>
        <source>Nothing to export yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/stats_panel.py" line="176"/>
        <source>Export the statistics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/stats_panel.py" line="177"/>
        <source>CSV (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/stats_panel.py" line="182"/>
        <source>Writing {name}…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/stats_panel.py" line="184"/>
        <source>Statistics written to {path}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/stats_panel.py" line="186"/>
        <source>Cannot export the statistics</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StoreDialogs</name>
    <message>
        <location filename="../../lexsub_studio/gui/store_dialogs.py" line="29"/>
        <source>{count} {noun}s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/store_dialogs.py" line="36"/>
        <source>{message}. The store is {path}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/store_dialogs.py" line="43"/>
        <source>your data folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/store_dialogs.py" line="44"/>
        <source>{answers} could not be saved yet. {problem}

Try again (after closing the other program, freeing some disk space or fixing the permissions), or write them to a rescue file in {where}: it is offered back the next time you open this corpus.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/store_dialogs.py" line="54"/>
        <source>Answers not saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/store_dialogs.py" line="58"/>
        <source>Try again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/store_dialogs.py" line="61"/>
        <source>Try saving again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/store_dialogs.py" line="62"/>
        <source>Write a rescue file and close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/store_dialogs.py" line="66"/>
        <source>Write the answers to a rescue file and close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/store_dialogs.py" line="68"/>
        <source>Keep the window open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/store_dialogs.py" line="81"/>
        <source>No good backup of it exists.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/store_dialogs.py" line="84"/>
        <source>The newest good backup was made {when}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/store_dialogs.py" line="87"/>
        <source>start a new, empty store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/store_dialogs.py" line="89"/>
        <source>salvage every answer that can still be read into a new store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/store_dialogs.py" line="91"/>
        <source>restore that backup, or </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/store_dialogs.py" line="93"/>
        <source>{problem}

Nothing was written to it. {choices} You can {restore}{salvage}; either way the file is first moved to {damaged_folder}, so nothing is deleted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/store_dialogs.py" line="104"/>
        <source>The store is damaged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/store_dialogs.py" line="106"/>
        <source>Damaged store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/store_dialogs.py" line="109"/>
        <source>Restore the backup</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/store_dialogs.py" line="113"/>
        <source>Restore the newest good backup</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/store_dialogs.py" line="116"/>
        <source>Start a new store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/store_dialogs.py" line="118"/>
        <source>Salvage what can be read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/store_dialogs.py" line="121"/>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/store_dialogs.py" line="124"/>
        <source>Leave the store as it is</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/store_dialogs.py" line="137"/>
        <source>Answers waiting in a rescue file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/store_dialogs.py" line="139"/>
        <source>{answers} could not be saved last time and were written to a rescue file:
{files}

Put them back now? (One change: Ctrl+Z undoes it.)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/store_dialogs.py" line="143"/>
        <source>{answers} could not be saved last time and were written to rescue files:
{files}

Put them back now? (One change: Ctrl+Z undoes it.)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StoreRepair</name>
    <message>
        <location filename="../../lexsub_studio/gui/window/store_repair.py" line="22"/>
        <source>Restored the newest good backup; the damaged store is kept at {aside}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/store_repair.py" line="29"/>
        <source>Salvaged {answers} into a new store; the damaged one is kept at {aside}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/store_repair.py" line="45"/>
        <source>Cannot repair the store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/store_repair.py" line="53"/>
        <source>Restoring the backup…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/store_repair.py" line="56"/>
        <source>Salvaging the store…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/store_repair.py" line="63"/>
        <source>Looking for a good backup of the store…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SummaryPanel</name>
    <message>
        <location filename="../../lexsub_studio/gui/gold/summary_panel.py" line="28"/>
        <source>Counts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/summary_panel.py" line="33"/>
        <source>Agreement figures</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/summary_panel.py" line="40"/>
        <source>How the selected figure comes about</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/summary_panel.py" line="44"/>
        <source>Agreement figures chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/summary_panel.py" line="45"/>
        <location filename="../../lexsub_studio/gui/gold/summary_panel.py" line="91"/>
        <source>Warnings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/summary_panel.py" line="48"/>
        <source>Show input problems…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/summary_panel.py" line="49"/>
        <source>Show the input problems</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/summary_panel.py" line="61"/>
        <source>Select a figure to see how its value comes about.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/summary_panel.py" line="69"/>
        <source>Add the annotators&apos; responses files (or drop them on the list) to pool them and measure agreement.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/summary_panel.py" line="79"/>
        <source>&lt;b&gt;{annotators}&lt;/b&gt; annotator(s), &lt;b&gt;{items}&lt;/b&gt; item(s): {in_t} in T, {with_mode} with a mode, {pairs} pair score(s). Gold: {gold} line(s), multiword gold: {multiword} line(s).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/summary_panel.py" line="90"/>
        <source>Notes</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TableModel</name>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/models.py" line="84"/>
        <source>not scored for this kind of file, or undefined (zero denominator)</source>
        <extracomment>The best value of each figure column, as shown (core/scoring/shown_figures.py). Header tool tips for columns that are not figures (the rank&apos;s).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/models.py" line="85"/>
        <source>the best in this column (bold)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/models.py" line="86"/>
        <source>best in its column</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TargetsPage</name>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="287"/>
        <source>Targets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="288"/>
        <source>Tick the lemma.pos to use as targets. Click a column to sort; Enter or a double click ticks or unticks the current row.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="293"/>
        <source>Find a lemma</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="294"/>
        <source>Show the lemma.pos containing this text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="295"/>
        <source>Find a lemma…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="299"/>
        <source>Part of speech filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="300"/>
        <source>Show one part of speech</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="301"/>
        <source>Every PoS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="306"/>
        <source>Minimum tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="307"/>
        <source>Show the lemma.pos seen at least this many times</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="309"/>
        <source>at least </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="310"/>
        <source> token(s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="312"/>
        <source>Lemma.pos frequencies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="313"/>
        <source>Every lemma.pos with a lexsub PoS; tick the targets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="327"/>
        <source>&amp;Tick shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="328"/>
        <source>Tick every lemma.pos shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="329"/>
        <source>&amp;Untick all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="330"/>
        <source>Untick every target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="334"/>
        <source>Ticked targets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="376"/>
        <source>No target ticked yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/dataset/wizard.py" line="379"/>
        <source>{count} target(s): {shown}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Team</name>
    <message>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="65"/>
        <source>Lexelt XML corpus (*.xml);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="66"/>
        <source>Training items: lexelt XML or gold file (*.xml *.gold *.txt *);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TeamPanel</name>
    <message>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="137"/>
        <source>Team packages</source>
        <extracomment>The packages were written (the paths), or the check finished (the report).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="144"/>
        <source>Make annotator packages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="147"/>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="234"/>
        <source>Corpus to share out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="148"/>
        <source>The corpus file; empty: the corpus open in the app</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="149"/>
        <source>the open corpus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="150"/>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="174"/>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="179"/>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="193"/>
        <source>Choose…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="151"/>
        <source>Choose the corpus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="153"/>
        <source>Corpus:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="155"/>
        <source>Annotators</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="156"/>
        <source>Comma-separated names, or a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="157"/>
        <source>amira, bruno, chen   or   5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="158"/>
        <source>Annotators:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="160"/>
        <source>Annotators per instance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="163"/>
        <source>Annotators per instance:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="164"/>
        <source>Assignment seed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="165"/>
        <source>Same seed, same packages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="168"/>
        <source>Seed:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="170"/>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="240"/>
        <source>Training items</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="171"/>
        <source>Optional: a lexelt XML file, or a gold file naming corpus instances (their substitutes are the reference answers)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="175"/>
        <source>Choose the training items</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="177"/>
        <source>Training (optional):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="178"/>
        <source>Output folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="180"/>
        <source>Choose the output folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="182"/>
        <source>Write into:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="183"/>
        <source>Make packages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="184"/>
        <source>Make the packages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="188"/>
        <source>Check returned responses</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="191"/>
        <source>Packages folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="192"/>
        <source>The folder holding the packages that were sent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="194"/>
        <source>Choose the packages folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="196"/>
        <source>Check the listed responses files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="198"/>
        <source>Check the responses files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="199"/>
        <source>Compare the responses files listed on the left with the packages: answered, missing, unexpected per annotator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="206"/>
        <source>Progress per annotator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="218"/>
        <source>Team packages status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="246"/>
        <source>Folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="258"/>
        <source>Annotators: {error}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="262"/>
        <source>Annotators per instance ({per_instance}) cannot exceed the number of annotators ({count_annotators}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="270"/>
        <source>Choose the folder to write the packages into.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="275"/>
        <source>Open a corpus in the app or choose a corpus file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="294"/>
        <source>Making the packages…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="309"/>
        <source>{count_paths} package(s) written to {value}: {instances} instance(s), {per_instance} annotator(s) each, seed {seed}, {training_items} training item(s). Loads: {listing}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="315"/>
        <source> Note: the folder also holds {count_others} other package(s) ({others}); a check of this folder counts them too.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="327"/>
        <source>Choose the folder of the packages that were sent.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="330"/>
        <source>Add the returned responses files on the left first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="355"/>
        <source>Cannot make the packages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="358"/>
        <source>Cannot check the responses</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/gold/team.py" line="366"/>
        <source>{rows} row(s) checked: {missing} missing, {unexpected} unexpected.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>UnsavedAnswers</name>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/unsaved_answers.py" line="30"/>
        <source>Every answer is saved now.</source>
        <extracomment>A sentence for the status bar: what the retry or the rescue file did.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/unsaved_answers.py" line="32"/>
        <source>Still not saved; tried again every few seconds.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/unsaved_answers.py" line="38"/>
        <source>The rescue file could not be written either: {reason}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/unsaved_answers.py" line="40"/>
        <source>the disk refused it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/unsaved_answers.py" line="43"/>
        <source>A copy of the unsaved answers is in {path}; they are still tried again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/unsaved.py" line="40"/>
        <source>Cannot write the rescue file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/unsaved.py" line="44"/>
        <source>Unsaved answers written to {path}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/unsaved.py" line="73"/>
        <source>a rescue file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/unsaved.py" line="76"/>
        <source>The rescued answers are back on screen but not saved yet; the rescue file is kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/unsaved.py" line="81"/>
        <source>{answers} from the rescue file are saved in the store again.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>UnsavedBar</name>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/save_bar.py" line="25"/>
        <source>Answers not saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/save_bar.py" line="28"/>
        <source>Why answers are not saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/save_bar.py" line="30"/>
        <source>Try again now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/save_bar.py" line="31"/>
        <source>Try saving again now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/save_bar.py" line="32"/>
        <source>Write a rescue file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/save_bar.py" line="34"/>
        <source>Write the unsaved answers to a rescue file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/annotate/save_bar.py" line="52"/>
        <source>&lt;b&gt;{answers} not saved yet.&lt;/b&gt; {problem}&lt;br&gt;They stay on screen and are tried again every few seconds; closing asks first and offers a rescue file.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>UserGuide</name>
    <message>
        <location filename="../../lexsub_studio/gui/user_guide.py" line="39"/>
        <source>Annotators</source>
        <extracomment>The guide&apos;s chapters by reader, in reading order. Reference chapters come last.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/user_guide.py" line="40"/>
        <source>Annotating a corpus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/user_guide.py" line="41"/>
        <location filename="../../lexsub_studio/gui/user_guide.py" line="44"/>
        <location filename="../../lexsub_studio/gui/user_guide.py" line="46"/>
        <location filename="../../lexsub_studio/gui/user_guide.py" line="49"/>
        <source>Organisers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/user_guide.py" line="42"/>
        <source>Gold and agreement, the offline team</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/user_guide.py" line="45"/>
        <source>Scoring systems</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/user_guide.py" line="47"/>
        <source>Datasets, baselines and new tasks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/user_guide.py" line="50"/>
        <source>New tasks from CoNLL files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/user_guide.py" line="51"/>
        <location filename="../../lexsub_studio/gui/user_guide.py" line="53"/>
        <location filename="../../lexsub_studio/gui/user_guide.py" line="55"/>
        <source>Instructors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/user_guide.py" line="52"/>
        <source>The demo and exercises</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/user_guide.py" line="54"/>
        <source>Agreement, defined</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/user_guide.py" line="56"/>
        <source>Every measure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/user_guide.py" line="57"/>
        <location filename="../../lexsub_studio/gui/user_guide.py" line="59"/>
        <location filename="../../lexsub_studio/gui/user_guide.py" line="61"/>
        <location filename="../../lexsub_studio/gui/user_guide.py" line="63"/>
        <source>Reference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/user_guide.py" line="58"/>
        <source>File formats</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/user_guide.py" line="60"/>
        <source>How numbers and tables are written</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/user_guide.py" line="62"/>
        <source>The official scorer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/user_guide.py" line="64"/>
        <source>Names for automation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/user_guide.py" line="73"/>
        <source>User guide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/user_guide.py" line="74"/>
        <source>LexSub Studio user guide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/user_guide.py" line="76"/>
        <source>Chapters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/user_guide.py" line="77"/>
        <source>The guide&apos;s chapters, for annotators, organisers and instructors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/user_guide.py" line="79"/>
        <source>Chapter text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/user_guide.py" line="110"/>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/user_guide.py" line="121"/>
        <source>The user guide is not installed: {folder} has none of its chapters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/user_guide.py" line="132"/>
        <source>{path} cannot be read: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/user_guide.py" line="144"/>
        <source>LexSub Studio user guide: {current_title}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/user_guide.py" line="161"/>
        <source>Not opened (the guide works offline): {url}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WarningsPage</name>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/warnings_page.py" line="16"/>
        <source>System warnings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/warnings_page.py" line="17"/>
        <source>Each file&apos;s problems and their effect on the score</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/scoring/warnings_page.py" line="27"/>
        <source>No systems scored yet.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WindowActions</name>
    <message>
        <location filename="../../lexsub_studio/gui/window/actions.py" line="61"/>
        <source>&amp;Open…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/actions.py" line="63"/>
        <source>Open the &amp;demo corpus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/actions.py" line="64"/>
        <source>&amp;Import responses…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/actions.py" line="66"/>
        <source>&amp;Export responses…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/actions.py" line="68"/>
        <source>Change &amp;annotator name…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/actions.py" line="70"/>
        <source>&amp;Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/actions.py" line="71"/>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/actions.py" line="74"/>
        <location filename="../../lexsub_studio/gui/window/actions.py" line="141"/>
        <source>&amp;Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/actions.py" line="75"/>
        <source>Undo the last change of an answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/actions.py" line="77"/>
        <location filename="../../lexsub_studio/gui/window/actions.py" line="143"/>
        <source>&amp;Redo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/actions.py" line="78"/>
        <source>Redo the change undone last</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/actions.py" line="88"/>
        <source>Show &amp;part of speech</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/actions.py" line="91"/>
        <source>&amp;Larger text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/actions.py" line="95"/>
        <source>&amp;Smaller text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/actions.py" line="99"/>
        <source>&amp;Normal text size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/actions.py" line="101"/>
        <source>&amp;Complete from my earlier answers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/actions.py" line="105"/>
        <source>Guidelines &amp;file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/actions.py" line="107"/>
        <source>&amp;Default guidelines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/actions.py" line="109"/>
        <source>Progress &amp;summary…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/actions.py" line="111"/>
        <source>&amp;Keyboard shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/actions.py" line="113"/>
        <source>&amp;Glossary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/actions.py" line="114"/>
        <source>&amp;User guide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/actions.py" line="115"/>
        <source>&amp;About LexSub Studio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/actions.py" line="140"/>
        <source>&amp;Undo {change}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/actions.py" line="142"/>
        <source>&amp;Redo {change}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WindowMenus</name>
    <message>
        <location filename="../../lexsub_studio/gui/window/menus.py" line="23"/>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/menus.py" line="38"/>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/menus.py" line="42"/>
        <source>&amp;Go</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/menus.py" line="43"/>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/menus.py" line="56"/>
        <source>&amp;Help</source>
        <extracomment>Where a workspace&apos;s actions go, by the menu title it gives (workspace.menu_actions).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/menus.py" line="60"/>
        <source>Workspaces</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/menus.py" line="74"/>
        <source>{description} (Ctrl+{number})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/menus.py" line="81"/>
        <source>{title} workspace</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WorkspaceList</name>
    <message>
        <location filename="../../lexsub_studio/gui/window/workspace_list.py" line="40"/>
        <source>Annotate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/workspace_list.py" line="41"/>
        <source>Give substitutes for each instance of the open corpus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/workspace_list.py" line="44"/>
        <source>Gold &amp; Agreement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/workspace_list.py" line="45"/>
        <source>Pool annotators&apos; responses: agreement, adjudication, gold, packages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/workspace_list.py" line="47"/>
        <source>Scoring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/workspace_list.py" line="48"/>
        <source>Score system outputs against a gold: league table, items, significance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/workspace_list.py" line="50"/>
        <source>Dataset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../lexsub_studio/gui/window/workspace_list.py" line="51"/>
        <source>Dataset statistics, one-click baselines, new tasks from CoNLL files</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WorkspaceMenus</name>
    <message>
        <location filename="../../lexsub_studio/gui/gold/workspace.py" line="191"/>
        <source>Gold</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
