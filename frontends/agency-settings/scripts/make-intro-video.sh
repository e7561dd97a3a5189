#!/usr/bin/env bash
# Generates the agency settings intro video (spec 2.2 Overview) and its captions from the slides
# below: src/agency/intro/agency-intro.webm (VP9, 640x360, no audio) and agency-intro.vtt.
# Both outputs are committed; the build and the tests never run this. It needs ffmpeg with
# drawtext (Debian: apt-get install ffmpeg) and a DejaVu Sans font (fonts-dejavu-core).
set -euo pipefail
cd "$(dirname "$0")/../src/agency/intro"

SLIDE_SECONDS=4
# headline | sub-line drawn on the frame | caption (the narration the captions track carries)
SLIDES=(
  "Agency settings|Your brand on the client dashboard|Agency settings brand the dashboard your clients use."
  "Overview|Name, logos, favicon, branding text|Overview: your agency name, light and dark logos, favicon and branding text."
  "Domains|A product subdomain or your own domain|Domains: put the dashboard on a product subdomain or on your own custom domain."
  "Email|Mail your clients from your domain|Email: verify your e-mail domain so clients get mail in your name."
  "Theme and Footer|Font, colours, variant, custom CSS|Theme and Footer: font, colours, card variant, custom CSS and your links."
  "Custom Tabs|Your own pages for clients|Custom Tabs: add HTML or iframe pages to the client dashboard."
  "Preview, then Save|Clients see it on your host|Watch the preview change as you edit, then Save to publish."
)
TOTAL=$(( ${#SLIDES[@]} * SLIDE_SECONDS ))
BOLD=$(fc-match -f '%{file}' 'DejaVu Sans:bold')
REGULAR=$(fc-match -f '%{file}' 'DejaVu Sans')

stamp() { printf '00:00:%02d.000' "$1"; }
fade() { echo "if(lt(t-$1,0.4),(t-$1)/0.4,if(gt(t,$2-0.4),($2-t)/0.4,1))"; }

filters="drawbox=x=0:y=ih-10:w='iw*t/$TOTAL':h=10:color=0x38bdf8:t=fill"
vtt=$'WEBVTT\n'
for i in "${!SLIDES[@]}"; do
  IFS='|' read -r headline subline caption <<<"${SLIDES[$i]}"
  from=$(( i * SLIDE_SECONDS )); to=$(( from + SLIDE_SECONDS ))
  on="enable='between(t,$from,$to)':alpha='$(fade "$from" "$to")'"
  filters+=",drawtext=fontfile='$BOLD':text='$headline':fontsize=44:fontcolor=white:x=(w-text_w)/2:y=h/2-60:$on"
  filters+=",drawtext=fontfile='$REGULAR':text='$subline':fontsize=24:fontcolor=0xe0e7ff:x=(w-text_w)/2:y=h/2+10:$on"
  filters+=",drawtext=fontfile='$REGULAR':text='$(( i + 1 )) / ${#SLIDES[@]}':fontsize=16:fontcolor=0xc7d2fe:x=w-text_w-20:y=20:$on"
  vtt+=$'\n'"$(( i + 1 ))"$'\n'"$(stamp "$from") --> $(stamp "$to")"$'\n'"$caption"$'\n'
done

ffmpeg -hide_banner -loglevel error -y -f lavfi -i "color=c=0x4f46e5:s=640x360:r=24:d=$TOTAL" -vf "$filters" \
  -c:v libvpx-vp9 -b:v 0 -crf 42 -row-mt 1 -deadline good -pix_fmt yuv420p -an agency-intro.webm
printf '%s' "$vtt" > agency-intro.vtt
echo "agency-intro.webm: $(wc -c < agency-intro.webm) bytes, ${TOTAL}s"
