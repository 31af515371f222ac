#!/usr/bin/perl
# A reference for timing, not the original program.
#
# benchmarks/bench_targets.py times `lexsub score` (official path) against a straightforward
# Perl scorer of the SemEval-2007 LEXSUB task. The original score.pl is not distributed with
# this project, so this program was written from the documented behaviour of its final
# (April 2007) release (docs/official-scorer.md and the behaviour notes it follows): it reads
# the gold and the system file line by line with the documented regular expressions into hashes,
# credits each item with the same arithmetic and prints the same lines, so its running time
# is that of a plain Perl scorer of the task. It is not a copy of the original, and it is not
# a second implementation to trust for results: lexsub score is the one that is tested.
#
#     perl reference_scorer.pl SYSTEM GOLD [-t best|oot|mw] [-v]
#
# What it leaves out, as no benchmark file needs it: the trial (January 2007) release; the
# US->UK spelling table the original declares but, through a defect, never applies; counts of
# 2**64 and more (read here as Perl reads them, not as docs/official-scorer.md describes);
# several hyphenated substitutes of one line with the same spaced spelling (which one lends
# its count then depends on Perl's hash order, as in the original; lexsub takes the first);
# and the explanations lexsub prints on stderr. Like the original it dies on a zero
# denominator. tests/test_reference_scorer.py checks that it prints what `lexsub score` prints
# on the benchmark's files, verbose or not, and on the documented worked example.

use strict;
use warnings;
no warnings qw(uninitialized numeric);

my $usage = "score.pl usage: systemfile goldfile [-t best|oot|mw] [-v]\n";
my ($system_file, $gold_file, @options) = @ARGV;
die $usage unless defined $gold_file;
my $task = 'best';
my $verbose = 0;
while (@options) {
    my $option = shift @options;
    if ($option eq '-t') { $task = shift @options; }
    elsif ($option eq '-v') { $verbose = 1; }
    else { die $usage; }
}
die $usage unless $task =~ /^(best|oot|mw)$/;

# The scorer's rounding: a percentage, two decimals, half up, zeros appended.
sub myround {
    my ($value) = @_;
    $value = $value * 100;
    my $rounded = int($value * 100 + 0.5) / 100;
    $rounded .= '.' unless $rounded =~ /\./;
    $rounded .= '0' while $rounded !~ /\.\d\d$/;
    return $rounded;
}

if ($task eq 'mw') {
    score_mw();
} else {
    score_best_oot();
}
exit 0;

sub read_gold {
    my (%gold, %modes);
    my ($total, $total_modes) = (0, 0);
    open(my $in, '<', $gold_file) or die "cannot open $gold_file: $!\n";
    while (my $line = <$in>) {
        next unless $line =~ /([\w.]+) (\S+) :: (.*)/;
        my ($id, $rest) = ($2, $3);
        my @fields = grep { !/pn/ } split(/;/, $rest);
        my $number;
        $number = $1 if @fields && $fields[0] =~ /[\w'\-\s]+ (\d+)/;
        next unless @fields > 1 || (defined $number && $number > 1);
        $total++;
        my ($mode, $mode_count, $cancelled);
        foreach my $field (@fields) {
            next unless $field =~ /(\w[\w\-'\s]+) (\d+)/;
            my ($substitute, $count) = ($1, $2);
            $substitute =~ s/'//;
            if (!$mode) {
                $mode = $substitute;
                $mode_count = $count;
                $modes{$id} = $substitute;
                $total_modes++;
            } elsif (!$cancelled && $count == $mode_count) {
                delete $modes{$id};
                $total_modes--;
                $cancelled = 1;
            }
            $gold{$id}{$substitute} = $count;
        }
    }
    close($in);
    return (\%gold, \%modes, $total, $total_modes);
}

sub score_best_oot {
    my ($gold, $modes, $total, $total_modes) = read_gold();
    my $oot = $task eq 'oot';
    my $separator = $oot ? ':::' : '::';
    my (%done, @previous);
    my ($attempted, $score_sum, $mode_attempted, $mode_hits) = (0, 0, 0, 0);
    my $number = 0;
    open(my $in, '<', $system_file) or die "cannot open $system_file: $!\n";
    while (my $line = <$in>) {
        $number++;
        unless ($line =~ /([\w.]+) (\S+) $separator (.*)/) {
            print "Error in $system_file on line $number\n" if $line =~ /\S/;
            next;
        }
        my ($wpos, $id, $text) = ($1, $2, $3);
        next unless exists $gold->{$id};
        next if $done{$id}++;
        my $substitutes = $gold->{$id};
        my ($human, %credit) = (0);
        foreach my $substitute (keys %$substitutes) {
            $human += $substitutes->{$substitute};
            $credit{$substitute} = $substitutes->{$substitute};
        }
        # A hyphenated substitute earns the same credit spelled with spaces, unless the line
        # has that spelling itself.
        foreach my $substitute (keys %$substitutes) {
            next unless $substitute =~ /-/;
            (my $spaced = $substitute) =~ s/-/ /g;
            $credit{$spaced} = $substitutes->{$substitute} unless exists $substitutes->{$spaced};
        }
        die "Illegal division by zero: gold item $id\n" unless $human;

        my @answers;
        if ($text =~ /\S/) {
            @answers = split(/;/, $text);
            foreach my $answer (@answers) {
                $answer =~ s/^non[\s-](.*)/non$1/;
                $answer =~ s/-/ /g;
                $answer =~ s/'//;
            }
            $attempted++ if @answers;
        } else {
            @answers = @previous;  # a blank answer text takes the previous line's answers
        }
        if ($oot && @answers > 10) {
            splice(@answers, 10);
            print "$wpos Item $id exceeded 10 guesses\n" if $verbose;
        }
        @previous = @answers;
        next unless @answers;

        my $mode = $modes->{$id};
        if ($mode) {
            $mode_attempted++;
            my $hit = 0;
            if ($oot) {
                foreach my $answer (@answers) { $hit = 1 if $answer eq $mode; }
                print "$wpos Item $id mode '$mode'  ", ($hit ? 'found in guesses' : 'not found'),
                    "\n" if $verbose;
            } else {
                $hit = 1 if $answers[0] eq $mode;
                print "$wpos Item $id mode '$mode' : system '$answers[0]'",
                    ($hit ? '  correct' : ' wrong'), "\n" if $verbose;
            }
            $mode_hits += $hit;
        }
        my $credit = 0;
        foreach my $answer (@answers) {
            $credit += $credit{$answer} / $human if exists $credit{$answer};
        }
        if ($oot) {
            $score_sum += $credit;
            print "$wpos Item $id credit $credit human responses $human: score is $credit\n"
                if $verbose;
        } else {
            $score_sum += $credit / @answers;
            my $guesses = @answers;
            print "$wpos Item $id credit $credit guesses $guesses human responses $human: ",
                "score is $credit\n" if $verbose;
        }
    }
    close($in);
    my $precision = myround($score_sum / $attempted);
    my $recall = myround($score_sum / $total);
    print "Total = $total, attempted = $attempted\n";
    print "precision = $precision, recall = $recall\n";
    $precision = myround($mode_hits / $mode_attempted);
    $recall = myround($mode_hits / $total_modes);
    print "Total with mode $total_modes attempted $mode_attempted\n";
    if ($oot) {
        print "precision = $precision, recall = $recall\n";
    } else {
        print "Mode precision = $precision, Mode recall = $recall\n";
    }
}

sub score_mw {
    my %modes;
    my $total_modes = 0;
    my $number = 0;
    open(my $in, '<', $gold_file) or die "cannot open $gold_file: $!\n";
    while (my $line = <$in>) {
        $number++;
        unless ($line =~ /([\w.]+)\s+(\d+)\s*:: (.*)/) {
            print "Error in $gold_file on line $number\n" if $line =~ /\S/;
            next;
        }
        my ($id, $rest) = ($2, $3);
        my @fields = split(/;/, $rest);
        next unless @fields && $fields[0] =~ /[\w'\-\s]+ (\d+)/ && $1 > 1;
        my ($mode, $mode_count, $cancelled);
        foreach my $field (@fields) {
            next unless $field =~ /(\w[\w\-'\s]+) (\d+)/;
            my ($multiword, $count) = ($1, $2);
            $multiword =~ s/'//;
            if (!$mode && $count > 1) {
                $mode = $multiword;
                $mode_count = $count;
                $modes{$id} = $multiword;
                $total_modes++;
            } elsif (!$cancelled && $mode && $count == $mode_count) {
                delete $modes{$id};
                $total_modes--;
                $cancelled = 1;
            }
        }
    }
    close($in);

    my (%done, $found, $genuine, $matched);
    $number = 0;
    open($in, '<', $system_file) or die "cannot open $system_file: $!\n";
    while (my $line = <$in>) {
        $number++;
        unless ($line =~ /([\w.]+)\s+(\d+)\s*::\s*(.*)\s*$/) {
            print "Error in $system_file on line $number\n" if $line =~ /\S/;
            next;
        }
        my ($wpos, $id, $answer) = ($1, $2, $3);
        next if $done{$id}++;
        $found++ if $answer =~ /\S/;
        my $mode = $modes{$id};
        if ($mode) {
            $genuine++;
            $matched++ if $answer eq $mode;
            print "$wpos $id human mode is $mode system $answer\n" if $verbose;
        } else {
            print "$wpos $id No MW found by annotators, system $answer\n" if $verbose;
        }
    }
    close($in);
    my $detection = $found ? myround($genuine / $found) : '';
    my $detection_recall = myround($genuine / $total_modes);
    print "Total MWs in GS = $total_modes, System found $found of which $genuine were genuine\n";
    print "Detection precision = $detection, recall = $detection_recall\n";
    my $identification = $found ? myround($matched / $found) : '';
    my $identification_recall = myround($matched / $total_modes);
    print "Number that matched GS\n";
    print "Identification precision = $identification, recall = $identification_recall\n";
}
